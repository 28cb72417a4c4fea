/**
 * What a refusal is, for clients to match on: `error.details.code` of an error answer, and `code`
 * of an entry of `error.details.errors` for one field. The message beside it stays Strapi's
 * English (existing Strapi clients read it) or Spanish for people (`Content-Language: es`), and
 * may change; the code does not (docs/api.md "Error codes"). Kept apart from its zod schema
 * (schemas/error-codes.ts): the web's first chunk reads these, and zod would not fit its budget
 * (ADR 0056).
 */
export const API_ERROR_CODES = [
  /** Sign-in: the identifier or the password is wrong (the answer does not say which). */
  'invalid_credentials',
  /** Sign-in: the right password, but the account's email is not confirmed yet. */
  'email_not_confirmed',
  /** An administrator blocked the account. */
  'account_blocked',
  /** A password reset or email confirmation code that is unknown, used or expired. */
  'incorrect_code',
  /** The email belongs to another account. */
  'email_taken',
  /** The username belongs to another account. */
  'username_taken',
  /** A password and its confirmation differ. */
  'passwords_differ',
  /** The current password given to change it is not the account's. */
  'current_password_invalid',
  /** The new password is the current one. */
  'same_password',
  /** The new password breaks one of the password rules; the message, in Spanish, says which. */
  'password_rule',
  /** A field that must have a value has none. */
  'required',
  /** A key the body or the query may not carry. */
  'unknown_key',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** `code` of an answer's details, when it is one of ours. */
export function apiErrorCodeOf(details: unknown): ApiErrorCode | undefined {
  const code = (details as { code?: unknown } | null | undefined)?.code;
  return (API_ERROR_CODES as readonly unknown[]).includes(code)
    ? (code as ApiErrorCode)
    : undefined;
}
