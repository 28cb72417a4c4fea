import {
  CALL_DESCRIPTION_MAX,
  CATALOGUE_MESSAGES,
  CATALOGUE_NAME_MAX,
  DEGREE_DURATION_MAX,
  DEGREE_DURATION_MIN,
} from '@plataforma/shared';
import { isIsoDate } from '../../../forms/engine/dates';
import { FORM_MESSAGES } from '../../../forms/engine/messages';
import type { CallWriteData, CampusWriteData, DegreeWriteData } from '../types';

/**
 * The catalogue forms' values as typed, their checks before anything is sent (spec §5 messages,
 * the API's rules of ADR 0047 in the same words), and what each form sends.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The outcome of a form's check: what to send, or the errors to show at the fields. */
export type Checked<D, F extends string> =
  { ok: true; data: D } | { ok: false; errors: FieldErrors<F> };

export const CHOOSE_CAMPUS = 'Elige al menos un campus.';
export const CHOOSE_DEGREE = 'Elige al menos un grado.';

/** The years a degree may last, as the form offers them. */
export const DURATION_CHOICES = Array.from(
  { length: DEGREE_DURATION_MAX - DEGREE_DURATION_MIN + 1 },
  (_, index) => DEGREE_DURATION_MIN + index,
);

/** A name as it is stored: trimmed, inner runs of spaces made one (the API does the same). */
export const tidyName = (name: string) => name.replace(/\s+/g, ' ').trim();

function nameError(name: string): string | undefined {
  if (tidyName(name) === '') return FORM_MESSAGES.required;
  if (name.length > CATALOGUE_NAME_MAX) return FORM_MESSAGES.maxLength;
  return undefined;
}

function result<D, F extends string>(errors: FieldErrors<F>, data: () => D): Checked<D, F> {
  return Object.values(errors).some(Boolean) ? { ok: false, errors } : { ok: true, data: data() };
}

export interface CampusValues {
  name: string;
  /** The chosen university's id as the select holds it; '' for none. */
  university: string;
}
export type CampusField = keyof CampusValues;

export function checkCampus(values: CampusValues): Checked<CampusWriteData, CampusField> {
  const errors: FieldErrors<CampusField> = {
    name: nameError(values.name),
    university: values.university === '' ? FORM_MESSAGES.required : undefined,
  };
  return result(errors, () => ({
    name: tidyName(values.name),
    university: Number(values.university),
  }));
}

export interface DegreeValues {
  name: string;
  /** Years as the select holds them; '' for none chosen. */
  duration: string;
  master: boolean;
  campuses: number[];
}
export type DegreeField = 'name' | 'duration' | 'campuses';

export function checkDegree(values: DegreeValues): Checked<DegreeWriteData, DegreeField> {
  const years = Number(values.duration);
  const errors: FieldErrors<DegreeField> = {
    name: nameError(values.name),
    duration:
      values.duration === ''
        ? FORM_MESSAGES.required
        : !Number.isInteger(years) || years < DEGREE_DURATION_MIN || years > DEGREE_DURATION_MAX
          ? CATALOGUE_MESSAGES.duration
          : undefined,
    campuses: values.campuses.length === 0 ? CHOOSE_CAMPUS : undefined,
  };
  return result(errors, () => ({
    name: tidyName(values.name),
    duration: years,
    master: values.master,
    campuses: values.campuses,
  }));
}

export interface CallValues {
  name: string;
  degrees: number[];
  /** "yyyy-MM-dd" when a real day; otherwise the text as typed. */
  start: string;
  end: string;
  description: string;
}
export type CallField = 'name' | 'degrees' | 'start' | 'end' | 'description';

function dayError(day: string): string | undefined {
  if (day.trim() === '') return FORM_MESSAGES.required;
  return isIsoDate(day) ? undefined : FORM_MESSAGES.pattern;
}

export function checkCall(values: CallValues): Checked<CallWriteData, CallField> {
  const start = dayError(values.start);
  const end = dayError(values.end);
  const errors: FieldErrors<CallField> = {
    name: nameError(values.name),
    degrees: values.degrees.length === 0 ? CHOOSE_DEGREE : undefined,
    start,
    // Days as yyyy-MM-dd compare as text.
    end:
      end ??
      (start === undefined && values.end <= values.start
        ? CATALOGUE_MESSAGES.periodOrder
        : undefined),
    description:
      values.description.length > CALL_DESCRIPTION_MAX ? FORM_MESSAGES.maxLength : undefined,
  };
  return result(errors, () => ({
    name: tidyName(values.name),
    degrees: values.degrees,
    academic_period_start: values.start,
    academic_period_end: values.end,
    description: values.description.trim() === '' ? null : values.description.trim(),
  }));
}

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
