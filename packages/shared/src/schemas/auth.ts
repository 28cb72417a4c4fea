import { z } from 'zod';
import { PROFILE_TYPES } from '../constants/vocabularies';
import { emailSchema, nameSchema, phoneSchema, surnameSchema, usernameSchema } from './account';

/**
 * The authentication calls (spec §7 Authentication, users-permissions compatible; ADR 0008):
 * bodies and answers. Registration bodies are allow-lists: a key that is not listed (`role`,
 * `confirmed`, `blocked`, anything else) is a 400, never silently dropped, so a client learns at
 * once that it cannot set it.
 */

/** Profile types a person may choose when signing up; admins are created by admins only. */
export const SELF_SERVICE_PROFILE_TYPES = ['student', 'teacher', 'coordinator'] as const;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Passwords are checked by lib/password.ts, whose Spanish messages the web shows as they are. */
const passwordField = z.string().max(4096);
/** One-time tokens and codes are opaque strings; objects, arrays and numbers are refused. */
const tokenField = z.string().min(1).max(512);

const profileFields = {
  email: emailSchema,
  username: z.preprocess(emptyToUndefined, usernameSchema.optional()),
  name: nameSchema,
  surname: z.preprocess(emptyToUndefined, surnameSchema.optional()),
  phone: z.preprocess(emptyToUndefined, phoneSchema.optional()),
};

export const registerSchema = z.strictObject({
  ...profileFields,
  password: passwordField,
  passwordConfirmation: passwordField.optional(),
  profileType: z.enum(SELF_SERVICE_PROFILE_TYPES, {
    error: `must be one of: ${SELF_SERVICE_PROFILE_TYPES.join(', ')}`,
  }),
  // The privacy policy is accepted to register (RGPD art. 7.1, ADR 0035): the box the person
  // ticked, and the version of the text they were shown (`/api/legal-texts`, kind privacy).
  privacyAccepted: z
    .boolean()
    .refine((accepted) => accepted, 'must be true: the policy is accepted to register'),
  privacyVersion: z.number().int().positive().describe('The privacy text version shown'),
});
export type RegisterInput = z.output<typeof registerSchema>;

/** An admin creates the account; the person chooses their own password through a reset link. */
export const adminRegisterSchema = z.strictObject({
  ...profileFields,
  profileType: z.enum(PROFILE_TYPES, { error: `must be one of: ${PROFILE_TYPES.join(', ')}` }),
});
export type AdminRegisterInput = z.output<typeof adminRegisterSchema>;

export const loginSchema = z.object({
  identifier: z.string().min(1).max(255),
  password: z.string().min(1).max(1024),
  /**
   * "Recordarme" (spec §4 Session): the refresh cookie the API sets lasts as long as the refresh
   * token (30 days); without it, it is a session cookie (ADR 0055).
   */
  remember: z.boolean().optional(),
});

export const emailBodySchema = z.strictObject({ email: emailSchema });

/** `POST /auth/request-message {userData}`: the email, inside an object or on its own. */
export const requestMessageSchema = z.strictObject({
  userData: z.union([
    z.strictObject({ email: emailSchema }),
    emailSchema.transform((email) => ({ email })),
  ]),
});

export const resetPasswordSchema = z.strictObject({
  code: tokenField,
  password: passwordField,
  passwordConfirmation: passwordField,
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  password: passwordField,
  passwordConfirmation: passwordField,
});

export const refreshSchema = z.strictObject({ refreshToken: tokenField });
/**
 * `POST /auth` and `POST /auth/logout`: the refresh token in the body (API clients), or none and
 * the API reads its `refreshToken` cookie (the web, ADR 0055).
 */
export const refreshRequestSchema = z.strictObject({ refreshToken: tokenField.optional() });
export const loginLinkSchema = z.strictObject({ token: tokenField });

// ---- answers ----

const dateTime = z.string().describe('ISO 8601, UTC');

/** A user as users-permissions answers it to its owner: flat, never a password or a code. */
export const publicUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    provider: z.string(),
    confirmed: z.boolean(),
    blocked: z.boolean(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    phone: z.string().nullable(),
    profileType: z.enum(PROFILE_TYPES).nullable(),
    lastLogin: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A new session: a short access token, the user, and a single-use refresh token. */
export const sessionAnswerSchema = z
  .object({
    jwt: z.string().describe('Access token (15 minutes)'),
    user: publicUserSchema,
    refreshToken: z
      .string()
      .describe('Single use; exchanged at POST /auth; the session lasts as "remember me" says'),
  })
  .meta({ id: 'Session' });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** `{user}`: an account created (registration, an admin's registration). */
export const registeredAnswerSchema = z.object({ user: publicUserSchema });
export type RegisteredAnswer = z.infer<typeof registeredAnswerSchema>;

/** `{ok: true}`: done, whatever the account (nothing tells who is registered). */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
/** `{email, sent: true}`: a link was sent if the account exists; the answer is the same if not. */
export const linkSentAnswerSchema = z.object({ email: z.string(), sent: z.literal(true) });

/** `POST /auth`: a new access token and a new refresh token (the old one is spent). */
export const refreshedAnswerSchema = z.object({
  jwt: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe(
      'Present when the refresh token came in the body; a refresh by cookie answers the new one only as a cookie (ADR 0055)',
    ),
});
export type RefreshedAnswer = z.infer<typeof refreshedAnswerSchema>;

// ---- what a client sends ----
export type LoginBody = z.input<typeof loginSchema>;
export type RegisterBody = z.input<typeof registerSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;
export type OkAnswer = z.infer<typeof okAnswerSchema>;
export type LinkSentAnswer = z.infer<typeof linkSentAnswerSchema>;
