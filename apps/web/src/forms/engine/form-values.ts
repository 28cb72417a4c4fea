import { OTHER_OPTION } from '@plataforma/shared';
import type { FormValue } from '../types';

/**
 * Reading a form's values into what the API takes (the project form, the final-work form): a
 * trimmed text or null, a list, and choices with "Otra" replaced by the text it revealed (spec §4).
 */

export const text = (value: FormValue): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const list = (value: FormValue): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

/** A single choice, "Otra" replaced by the text it revealed. */
export function choice(value: FormValue, otherText: FormValue): string | null {
  if (value === OTHER_OPTION) return text(otherText);
  return text(value);
}

/** A list of choices, "Otra" replaced by the text it revealed (comma-separated: several). */
export function choices(value: FormValue, otherText: FormValue): string[] {
  const chosen = list(value).filter((entry) => entry !== OTHER_OPTION);
  if (!list(value).includes(OTHER_OPTION)) return chosen;
  const extra = (text(otherText) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !chosen.includes(entry));
  return [...chosen, ...extra];
}
