import { z } from 'zod';
import { PHONE_MAX_DIGITS } from '@plataforma/shared';

/**
 * The fields of an account, checked the same way wherever they are written: registration, the
 * admin's `POST /api/users`, `PUT /api/users/:id` and `PUT /api/user/me`.
 */

/** Stored trimmed and in lower case, so one mailbox is one account (the index is on lower()). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be a valid email address').max(255));

/**
 * Letters, digits, dot, dash, underscore. No `@`: login accepts an email or a username, and a
 * username shaped like someone else's email would make the identifier ambiguous.
 */
export const usernameSchema = z
  .string()
  .trim()
  .regex(
    /^[\p{L}\p{N}._-]{3,50}$/u,
    'must be 3 to 50 letters, digits, dots, dashes or underscores',
  );

/**
 * Spec §5 Phone: an optional international prefix, an optional parenthesised area code, then
 * digits, spaces, dots or dashes (at most 15 digits after the prefix).
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(
    new RegExp(
      `^(\\+\\d{1,4}[\\s.-]?)?(\\(\\d{1,5}\\)[\\s.-]?)?[\\d\\s.-]{1,${PHONE_MAX_DIGITS * 2}}$`,
    ),
    'is not a valid phone number',
  )
  .refine((v) => (v.replace(/^\+\d{1,4}/, '').match(/\d/g)?.length ?? 0) <= PHONE_MAX_DIGITS, {
    message: `has more than ${PHONE_MAX_DIGITS} digits`,
  });

/** Names go into email greetings and headers: one line, no control characters. */
const noControl = (schema: z.ZodString) =>
  schema.regex(/^[^\p{Cc}]*$/u, 'cannot contain line breaks or control characters');
export const nameSchema = noControl(z.string().trim().min(1).max(100));
export const surnameSchema = noControl(z.string().trim().max(150));
