import { z } from 'zod';
import {
  PROFILE_TYPES,
  emailSchema,
  nameSchema,
  phoneSchema,
  surnameSchema,
  usernameSchema,
} from '@plataforma/shared';
import { AppError } from '../../lib/errors';

/**
 * Bodies of the authentication routes. Registration bodies are allow-lists: a key that is not
 * listed (`role`, `confirmed`, `blocked`, anything else) is a 400, never silently dropped, so a
 * client learns at once that it cannot set it.
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
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** An admin creates the account; the person chooses their own password through a reset link. */
export const adminRegisterSchema = z.strictObject({
  ...profileFields,
  profileType: z.enum(PROFILE_TYPES, { error: `must be one of: ${PROFILE_TYPES.join(', ')}` }),
});
export type AdminRegisterInput = z.infer<typeof adminRegisterSchema>;

export const loginSchema = z.object({
  identifier: z.string().min(1).max(255),
  password: z.string().min(1).max(1024),
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
export const loginLinkSchema = z.strictObject({ token: tokenField });

/** The value at a path of the input (zod issues do not carry it). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

interface Issue {
  path: string[];
  message: string;
  name: 'ValidationError';
}

/**
 * Parses input against a schema, or throws a 400 ValidationError listing every problem with its
 * path, as the engine reports writes (lib/strapi/input.ts): `Invalid key role`,
 * `email must be a valid email address`.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  basePath: string[] = [],
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: Issue[] = result.error.issues.flatMap((issue) => {
    const path = [...basePath, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: `Invalid key ${key}`,
        name: 'ValidationError' as const,
      }));
    }
    const message =
      issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined
        ? 'must be defined'
        : issue.message;
    return [
      { path, message: `${path.join('.') || 'body'} ${message}`, name: 'ValidationError' as const },
    ];
  });
  throw new AppError(
    'VALIDATION',
    issues.length === 1 ? (issues[0] as Issue).message : `${issues.length} errors occurred`,
    { errors: issues },
  );
}

/** The `{data: {...}}` of a users-permissions write, validated against the schema. */
export function parseData<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
    throw new AppError('VALIDATION', 'Missing "data" payload in the request body');
  }
  const data = body.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new AppError('VALIDATION', 'Invalid "data" payload: expected an object');
  }
  return parseInput(schema, data);
}
