import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SURNAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROFILE_PHONE_PATTERN,
  USERNAME_PATTERN,
} from '../constants/field-rules';

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

/** Spec §5 Phone, as profile forms check it (`PROFILE_PHONE_PATTERN`). */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH)
  .regex(PROFILE_PHONE_PATTERN, 'is not a valid phone number');

/** Names go into email greetings and headers: one line, no control characters. */
const noControl = (schema: z.ZodString) =>
  schema.regex(/^[^\p{Cc}]*$/u, 'cannot contain line breaks or control characters');
export const nameSchema = noControl(z.string().trim().min(1).max(NAME_MAX_LENGTH));
export const surnameSchema = noControl(z.string().trim().max(SURNAME_MAX_LENGTH));
