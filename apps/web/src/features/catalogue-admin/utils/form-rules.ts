import {
  CALL_DESCRIPTION_MAX,
  CATALOGUE_MESSAGES,
  CATALOGUE_NAME_MAX,
  DEGREE_DURATION_MAX,
  DEGREE_DURATION_MIN,
  acrossFields,
  chosenId,
  isoDay,
  optionalText,
} from '@plataforma/shared';
import { z } from 'zod';

/**
 * The catalogue forms' values as typed, their schemas (the form kit, ADR 0073: spec §5 messages,
 * the API's rules of ADR 0047 in the same words), and what each form sends.
 */

export const CHOOSE_CAMPUS = 'Elige al menos un campus.';
export const CHOOSE_DEGREE = 'Elige al menos un grado.';

/** The years a degree may last, as the form offers them. */
export const DURATION_CHOICES = Array.from(
  { length: DEGREE_DURATION_MAX - DEGREE_DURATION_MIN + 1 },
  (_, index) => DEGREE_DURATION_MIN + index,
);

/** A name as it is stored: trimmed, inner runs of spaces made one (the API does the same). */
export const tidyName = (name: string) => name.replace(/\s+/g, ' ').trim();

const catalogueName = z
  .string()
  .transform(tidyName)
  .pipe(z.string().min(1).max(CATALOGUE_NAME_MAX));

export type CampusValues = {
  name: string;
  /** The chosen university's id as the select holds it; '' for none. */
  university: string;
};

export const campusFormSchema = z.object({ name: catalogueName, university: chosenId });

export type DegreeValues = {
  name: string;
  /** Years as the select holds them; '' for none chosen. */
  duration: string;
  master: boolean;
  campuses: number[];
};

export const degreeFormSchema = z.object({
  name: catalogueName,
  duration: chosenId.pipe(
    z
      .number()
      .int(CATALOGUE_MESSAGES.duration)
      .min(DEGREE_DURATION_MIN, CATALOGUE_MESSAGES.duration)
      .max(DEGREE_DURATION_MAX, CATALOGUE_MESSAGES.duration),
  ),
  master: z.boolean(),
  campuses: z.array(z.number()).min(1, CHOOSE_CAMPUS),
});

export type CallValues = {
  name: string;
  degrees: number[];
  /** "yyyy-MM-dd" when a real day; otherwise the text as typed. */
  start: string;
  end: string;
  description: string;
};

/** Whether both days are real and the period ends after it starts (days compare as text). */
const endsAfterStart = ({ start, end }: { start: string; end: string }) =>
  !isoDay.safeParse(start).success || !isoDay.safeParse(end).success || end > start;

export const callFormSchema = z
  .object({
    name: catalogueName,
    degrees: z.array(z.number()).min(1, CHOOSE_DEGREE),
    start: isoDay,
    end: isoDay,
    description: optionalText(CALL_DESCRIPTION_MAX),
  })
  .refine(endsAfterStart, acrossFields('end', CATALOGUE_MESSAGES.periodOrder))
  .transform(({ start, end, ...call }) => ({
    ...call,
    academic_period_start: start,
    academic_period_end: end,
  }));

/** The API's attributes that the call form names otherwise. */
const API_FIELDS: Record<string, string> = {
  academic_period_start: 'start',
  academic_period_end: 'end',
};

/**
 * The field a refusal of the API is about (`details.errors[0].path`), translated to the form's
 * field names, so the message shows where it belongs.
 */
export function refusedField(details: Record<string, unknown>): string | undefined {
  const errors: unknown = details.errors;
  if (!Array.isArray(errors)) return undefined;
  const path: unknown = (errors[0] as { path?: unknown } | undefined)?.path;
  const first: unknown = Array.isArray(path) ? path[0] : undefined;
  if (typeof first !== 'string') return undefined;
  return API_FIELDS[first] ?? first;
}
