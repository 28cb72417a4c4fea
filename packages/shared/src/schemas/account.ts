import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SURNAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROFILE_PHONE_PATTERN,
  USERNAME_PATTERN,
} from '../constants/field-rules';
import { toE164Phone } from '../constants/phone';

/**
 * The fields of an account (spec §3 User, §5), checked the same way wherever they are written: registration, the
 * admin's `POST /api/users`, `PUT /api/users/:id` and `PUT /api/user/me`.
 */

/** Stored trimmed and in lower case, so one mailbox is one account (the index is on lower()). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be a valid email address').max(EMAIL_MAX_LENGTH));

/** `USERNAME_PATTERN`: never an `@`. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'must be 3 to 50 letters, digits, dots, dashes or underscores');

const NOT_A_PHONE = 'is not a valid phone number';

/**
 * Spec §5 Phone, as profile forms check it (`PROFILE_PHONE_PATTERN`), and a possible number of
 * its country; the value becomes the number in E.164 ("+34612345678", ADR 0034), so every phone
 * is stored in international form whatever the client sent.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH)
  .regex(PROFILE_PHONE_PATTERN, NOT_A_PHONE)
  .transform((text, ctx) => {
    const phone = toE164Phone(text);
    if (phone === undefined) {
      ctx.issues.push({ code: 'custom', message: NOT_A_PHONE, input: text });
      return z.NEVER;
    }
    return phone;
  });

/** Names go into email greetings and headers: one line, no control characters. */
const noControl = (schema: z.ZodString) =>
  schema.regex(/^[^\p{Cc}]*$/u, 'cannot contain line breaks or control characters');
export const nameSchema = noControl(z.string().trim().min(1).max(NAME_MAX_LENGTH));
export const surnameSchema = noControl(z.string().trim().max(SURNAME_MAX_LENGTH));
