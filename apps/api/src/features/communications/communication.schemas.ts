import { z } from 'zod';
import { PHONE_MAX_DIGITS } from '@plataforma/shared';
import { AppError } from '../../lib/errors';

/**
 * Bodies of the communication calls (spec §7), validated before anything is read: every field a
 * string without CR/LF (nothing the client sends may reach a header), bounded, and no field
 * beyond the spec's.
 */
const NO_LINE_BREAKS = 'must not contain line breaks';
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), NO_LINE_BREAKS);
/** Strings the server does not use as such (it reads the database's); empty means absent. */
const ignored = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v?.trim() ? v : undefined));
const email = z
  .string()
  .max(254)
  .refine((v) => !/[\r\n]/.test(v), NO_LINE_BREAKS)
  .pipe(z.email('must be a valid email address'));
const projectName = text(255).refine((v) => v.trim() !== '', 'is required');
/** Spec §5: an optional international prefix, then digits, spaces, dots, hyphens, parentheses. */
const phone = text(40)
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .refine(
    (v) =>
      v === undefined ||
      (/^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) <= PHONE_MAX_DIGITS + 4),
    'must be a phone number',
  );

export const inviteBody = z.strictObject({ email });
export const confirmApplyBody = z.strictObject({
  email,
  projectName,
  organizationName: ignored(255),
});
export const confirmStatusApplyBody = z.strictObject({
  email,
  organization: ignored(255),
  projectName,
  status: ignored(50),
});
export const confirmSelectedBody = z.strictObject({
  emailT: email,
  emailS: email,
  projectName,
  phone,
});
export const confirmProjectBody = z.strictObject({
  email,
  projectName,
  contact_phone: phone,
  status: ignored(50),
});
export const confirmNewCandidatesBody = z.strictObject({
  emailCoordinator: email,
  emailStudent: email,
  projectName,
  degree: ignored(255),
  province: ignored(100),
  contact_name: ignored(255),
  interest: ignored(5000),
  good_candidate: ignored(5000),
  motivation: ignored(5000),
});

export type InviteBody = z.infer<typeof inviteBody>;
export type ConfirmApplyBody = z.infer<typeof confirmApplyBody>;
export type ConfirmStatusApplyBody = z.infer<typeof confirmStatusApplyBody>;
export type ConfirmSelectedBody = z.infer<typeof confirmSelectedBody>;
export type ConfirmProjectBody = z.infer<typeof confirmProjectBody>;
export type ConfirmNewCandidatesBody = z.infer<typeof confirmNewCandidatesBody>;

/** Parses a body or answers 400 listing every problem (Strapi's `details.errors`). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('VALIDATION', 'The body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    const message =
      issue.code === 'unrecognized_keys'
        ? `Invalid key ${issue.keys.join(', ')}`
        : `${path.join('.') || 'body'} ${issue.message}`;
    return {
      path: issue.code === 'unrecognized_keys' ? issue.keys : path,
      message,
      name: 'ValidationError',
    };
  });
  const first = errors[0];
  throw new AppError(
    'VALIDATION',
    errors.length === 1 && first ? first.message : `${errors.length} errors occurred`,
    { errors },
  );
}
