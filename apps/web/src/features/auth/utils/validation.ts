import {
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MESSAGES,
  SELF_SERVICE_PROFILE_TYPES,
  SURNAME_MAX_LENGTH,
  acceptedBox,
  acrossFields,
  emailField,
  newPasswordField,
  optionalPhoneField,
  passwordField,
  requiredText,
} from '@plataforma/shared';
import { z } from 'zod';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

/**
 * The authentication forms' schemas (the form kit, ADR 0073), on the shared field rules with the
 * spec §5 texts. The API checks the same and more (common passwords, passwords built on the
 * owner's name): its answers are shown under the field too (see auth-errors.ts).
 */

/** Spec §5: required fields. */
export const REQUIRED_MESSAGE = FORM_MESSAGES.required;
/** Spec §5: pattern failures. */
export const INVALID_FORMAT_MESSAGE = FORM_MESSAGES.pattern;
export const PASSWORDS_DIFFER_MESSAGE = PASSWORD_MESSAGES.mismatch;

/** The longest sign-in identifier the API takes (`POST /api/auth/local`). */
const IDENTIFIER_MAX_LENGTH = 255;

/** Sign-in: an email or a username, and the password as typed (spaces count). */
export const loginFormSchema = z.object({
  identifier: requiredText(IDENTIFIER_MAX_LENGTH),
  password: passwordField,
  remember: z.boolean(),
});

/** The forms that only ask for an email (a new link, a reset, a confirmation again). */
export const emailFormSchema = z.object({ email: emailField });

/** A new password and its repetition, checked against each other. */
const newPasswordFields = { password: newPasswordField, passwordConfirmation: passwordField };
const samePasswords = (values: { password: string; passwordConfirmation: string }) =>
  values.passwordConfirmation === '' || values.passwordConfirmation === values.password;
const differ = acrossFields('passwordConfirmation', PASSWORDS_DIFFER_MESSAGE);

export const resetPasswordFormSchema = z.object(newPasswordFields).refine(samePasswords, differ);

export const changePasswordFormSchema = z
  .object({ currentPassword: passwordField, ...newPasswordFields })
  .refine(samePasswords, differ);

/** Sign-up (spec §7 registration): who one is, the account's password and the privacy consent. */
export const registerFormSchema = z
  .object({
    profileType: z.enum(SELF_SERVICE_PROFILE_TYPES),
    name: requiredText(NAME_MAX_LENGTH),
    surname: requiredText(SURNAME_MAX_LENGTH),
    email: emailField,
    phone: optionalPhoneField,
    ...newPasswordFields,
    privacyAccepted: acceptedBox,
  })
  .refine(samePasswords, differ);

/** Whether a text looks like an email address (the login identifier may be a username). */
export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
