import { z } from 'zod';
import {
  DNI_NIE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
} from '../constants/field-rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../constants/limits';
import { isPhoneNumber } from '../constants/phone';

/**
 * The fields of the web's forms as zod schemas, built on the spec's rules and limits kept once in
 * `constants/` (ADR 0073): what a form lets through is what the API accepts. A form's schema
 * reads its values as the inputs hold them (text, a select's string, a checkbox's boolean) and
 * answers the body it sends.
 *
 * Generic refusals carry no message here: the web's one table of Spanish messages per zod issue
 * (apps/web forms/kit/issue-messages.ts) words them (spec §5: "Este campo es obligatorio.",
 * "Formato no válido.", "Longitud máxima alcanzada."). A check that says something of its own
 * (a password's length, two passwords that differ) carries its Spanish message, which wins.
 */

/** The schemas a form kit takes: its values in, what it sends out. */
export type FormSchema<Values, Output = Values> = z.ZodType<Output, Values>;
/** One refusal as the kit's message table reads it. */
export type FormIssue = z.core.$ZodRawIssue;

/** Text that must be given: trimmed, at least one character, at most `max`. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Text that may be left empty (then `null`): trimmed, at most `max`. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text));

/** An email address as forms check it (`EMAIL_PATTERN`); the API adds the stricter zod email. */
export const emailField = requiredText(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN);

/** A phone that may be left empty; given, one the platform stores (E.164, ADR 0034). */
export const optionalPhoneField = z
  .string()
  .trim()
  .refine((phone) => phone === '' || isPhoneNumber(phone))
  .transform((phone) => (phone === '' ? null : phone));

/** A DNI or NIE (spec §5), upper-cased as it is stored. */
export const dniNieField = z
  .string()
  .trim()
  .min(1)
  .regex(DNI_NIE_PATTERN)
  .transform((dni) => dni.toUpperCase());

/** A web address people may open (http or https only), or nothing. */
export const optionalHttpUrl = (max: number) =>
  optionalText(max).refine((url) => url === null || HTTP_URL_PATTERN.test(url));

/**
 * A new password (ADR 0008): 12 to 256 characters counted as code points, as the API counts
 * them; no composition rules.
 */
export const newPasswordField = z
  .string()
  .min(1)
  .refine((password) => [...password].length >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .refine((password) => [...password].length <= PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

/** A password typed to sign in or to prove who one is: only required. */
export const passwordField = z.string().min(1);

/** A box that must be ticked (terms, consent): a checkbox's boolean that must be true. */
export const acceptedBox = z.boolean().pipe(z.literal(true));

/** A select's chosen entry, held as its id's text ('' for none), sent as the id. */
export const chosenId = z.string().min(1).transform(Number);

/** A day as a date input holds it (`yyyy-MM-dd`), and a real day of the calendar. */
export const isoDay = z
  .string()
  .min(1)
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });

/**
 * The options of a check across fields (a repeated password, the end of a period), reported at
 * `field`: `.refine(holds, acrossFields('end', message))`. It runs even while other fields are
 * still wrong (zod skips it otherwise), so the person sees every problem at once; a list over its
 * `.max()` still stops it (zod aborts the object there), so keep such a rule on the field itself.
 */
export const acrossFields = (field: string, message: string) => ({
  path: [field],
  message,
  when: () => true,
});
