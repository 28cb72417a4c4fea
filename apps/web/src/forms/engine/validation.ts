import type { FormItem, FormValue, FormValues } from '../types';
import { isIsoDate } from './dates';
import { isPhoneNumber, PHONE_PATTERN } from '@plataforma/shared';
import { FORM_MESSAGES, rangeMessage } from './messages';
import { isMonth } from './month';

/** Whether the item is shown for these values (spec §4 Form steps: failing conditions hide it). */
export function isItemVisible(item: FormItem, values: FormValues): boolean {
  return item.condition ? item.condition(values) : true;
}

/** Whether a value counts as an answer (empty text, empty lists and unchecked boxes do not). */
export function hasAnswer(value: FormValue): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

function toRegExp(pattern: string | RegExp): RegExp {
  return typeof pattern === 'string' ? new RegExp(pattern) : pattern;
}

/**
 * The spec §5 message for one item's value, or undefined when it is valid. Information items and
 * hidden items (condition false) are never invalid; every other item is required unless optional.
 */
export function validateItem(
  item: FormItem,
  value: FormValue,
  values: FormValues,
): string | undefined {
  if (item.type === 'information' || !isItemVisible(item, values)) return undefined;
  if (!hasAnswer(value)) {
    if (item.optional) return undefined;
    return item.type === 'checkbox' ? FORM_MESSAGES.requiredCheckbox : FORM_MESSAGES.required;
  }
  if (item.type === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    // Spec §5 Number: minimum 0, floating pattern; an item's range narrows it.
    if (Number.isNaN(number)) return FORM_MESSAGES.pattern;
    const range = item.range;
    if (range) {
      const outside = number < range.min || number > range.max;
      if (outside || (range.integer && !Number.isInteger(number))) return rangeMessage(range);
    } else if (number < 0) return FORM_MESSAGES.pattern;
  }
  if (item.type === 'month' && typeof value === 'string' && !isMonth(value)) {
    return FORM_MESSAGES.pattern;
  }
  if (item.type === 'date' && typeof value === 'string' && !isIsoDate(value)) {
    return FORM_MESSAGES.pattern;
  }
  if (item.maxLength !== undefined) {
    const length = typeof value === 'string' || Array.isArray(value) ? value.length : 0;
    if (length > item.maxLength) return FORM_MESSAGES.maxLength;
  }
  // Spec §5 Phone: without a pattern of its own, a phone follows the general phone pattern.
  const pattern = item.pattern ?? (item.type === 'phone' ? PHONE_PATTERN : undefined);
  if (pattern !== undefined && typeof value === 'string') {
    if (!toRegExp(pattern).test(value.trim())) return FORM_MESSAGES.pattern;
  }
  // Phones are stored in E.164 (ADR 0034): a number of a possible length for its country.
  if (item.type === 'phone' && typeof value === 'string' && !isPhoneNumber(value)) {
    return FORM_MESSAGES.pattern;
  }
  return undefined;
}

/** The extension field (e.g. "Otra" → free text) an item shows for its current value, if any. */
export function getActiveExtension(item: FormItem, values: FormValues): FormItem | undefined {
  if (!item.extension || !isItemVisible(item, values)) return undefined;
  const value = values[item.value];
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return chosen.some((v) => item.extension!.options.includes(v)) ? item.extension.field : undefined;
}

/** The visible items plus the extension fields their values reveal, in display order. */
export function getActiveItems(items: FormItem[], values: FormValues): FormItem[] {
  return items.flatMap((item) => {
    if (!isItemVisible(item, values)) return [];
    const extension = getActiveExtension(item, values);
    return extension ? [item, extension] : [item];
  });
}

/** Errors of a step's items (visible ones and revealed extensions), by field name. */
export function validateStep(items: FormItem[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of getActiveItems(items, values)) {
    const error = validateItem(item, values[item.value], values);
    if (error) errors[item.value] = error;
  }
  return errors;
}
