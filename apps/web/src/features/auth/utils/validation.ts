import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_DIGITS } from '@plataforma/shared';

/**
 * Client-side checks of the authentication forms, with the spec §5 texts. The API checks the same
 * and more (common passwords, passwords built on the owner's name): its answers are shown under
 * the field too (see auth-errors.ts).
 */

/** Spec §5: required fields. */
export const REQUIRED_MESSAGE = 'Este campo es obligatorio.';
/** Spec §5: required checkboxes. */
export const REQUIRED_CHECKBOX_MESSAGE = 'Aceptar este campo es obligatorio.';
/** Spec §5: pattern failures. */
export const INVALID_FORMAT_MESSAGE = 'Formato no válido.';
export const PASSWORD_TOO_SHORT_MESSAGE = `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;
export const PASSWORD_TOO_LONG_MESSAGE = `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`;
export const PASSWORDS_DIFFER_MESSAGE = 'Las contraseñas no coinciden.';

/** A field's check: the error message, or undefined when the value is acceptable. */
export type Check<V> = (value: V) => string | undefined;

/** Close to what the API accepts (zod's email check): one @, no spaces, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/**
 * Spec §5 Phone: an optional international prefix, an optional parenthesised area code, then
 * digits, spaces, dots or dashes, with at most 15 digits after the prefix (the API's rule).
 */
const PHONE_PATTERN = new RegExp(
  `^(\\+\\d{1,4}[\\s.-]?)?(\\(\\d{1,5}\\)[\\s.-]?)?[\\d\\s.-]{1,${PHONE_MAX_DIGITS * 2}}$`,
);

export const checkRequired: Check<string> = (value) =>
  value.trim() === '' ? REQUIRED_MESSAGE : undefined;

export const checkEmail: Check<string> = (value) => {
  if (value.trim() === '') return REQUIRED_MESSAGE;
  return EMAIL_PATTERN.test(value.trim()) && value.trim().length <= 255
    ? undefined
    : INVALID_FORMAT_MESSAGE;
};

/**
 * The placeholder of spec §5 is "(+XX) XXXXXXXXX", so people type the prefix in brackets; the API
 * wants it bare ("+34 600..."). Trims and unwraps it.
 */
export function normalizePhone(value: string): string {
  return value.trim().replace(/^\(\s*(\+\d{1,4})\s*\)/, '$1');
}

/** Optional: empty is fine. */
export const checkOptionalPhone: Check<string> = (value) => {
  const phone = normalizePhone(value);
  if (phone === '') return undefined;
  if (phone.length > 30 || !PHONE_PATTERN.test(phone)) return INVALID_FORMAT_MESSAGE;
  const digitsAfterPrefix = phone.replace(/^\+\d{1,4}/, '').match(/\d/g)?.length ?? 0;
  return digitsAfterPrefix > PHONE_MAX_DIGITS ? INVALID_FORMAT_MESSAGE : undefined;
};

/** ADR 0008: 12 to 256 characters (code points, as the API counts them), no composition rules. */
export const checkNewPassword: Check<string> = (value) => {
  if (value === '') return REQUIRED_MESSAGE;
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return undefined;
};

/** The repetition of a new password. */
export function checkConfirmation(password: string): Check<string> {
  return (value) => {
    if (value === '') return REQUIRED_MESSAGE;
    return value === password ? undefined : PASSWORDS_DIFFER_MESSAGE;
  };
}

export const checkAccepted: Check<boolean> = (value) =>
  value ? undefined : REQUIRED_CHECKBOX_MESSAGE;

/** Whether a text looks like an email address (the login identifier may be a username). */
export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
