import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  isPhoneNumber,
} from '@plataforma/shared';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

/**
 * Client-side checks of the authentication forms, with the spec §5 texts. The API checks the same
 * and more (common passwords, passwords built on the owner's name): its answers are shown under
 * the field too (see auth-errors.ts).
 */

/** Spec §5: required fields. */
export const REQUIRED_MESSAGE = FORM_MESSAGES.required;
/** Spec §5: required checkboxes. */
export const REQUIRED_CHECKBOX_MESSAGE = FORM_MESSAGES.requiredCheckbox;
/** Spec §5: pattern failures. */
export const INVALID_FORMAT_MESSAGE = FORM_MESSAGES.pattern;
export const PASSWORD_TOO_SHORT_MESSAGE = PASSWORD_MESSAGES.tooShort;
export const PASSWORD_TOO_LONG_MESSAGE = PASSWORD_MESSAGES.tooLong;
export const PASSWORDS_DIFFER_MESSAGE = PASSWORD_MESSAGES.mismatch;

/** A field's check: the error message, or undefined when the value is acceptable. */
export type Check<V> = (value: V) => string | undefined;

export const checkRequired: Check<string> = (value) =>
  value.trim() === '' ? REQUIRED_MESSAGE : undefined;

export const checkEmail: Check<string> = (value) => {
  if (value.trim() === '') return REQUIRED_MESSAGE;
  return EMAIL_PATTERN.test(value.trim()) && value.trim().length <= EMAIL_MAX_LENGTH
    ? undefined
    : INVALID_FORMAT_MESSAGE;
};

/** Optional: empty is fine; otherwise a phone the platform stores (E.164, ADR 0034). */
export const checkOptionalPhone: Check<string> = (value) => {
  const phone = value.trim();
  if (phone === '') return undefined;
  return isPhoneNumber(phone) ? undefined : INVALID_FORMAT_MESSAGE;
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
