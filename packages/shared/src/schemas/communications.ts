import { z } from 'zod';
import { PHONE_MAX_LENGTH } from '../constants/field-rules';
import { phoneSchema } from './account';
import { noLineBreaks } from './fields';

/**
 * The communication calls of spec §7 (`POST /api/communication/<call>`, ADR 0010): bodies
 * validated before anything is read: every field a string without CR/LF (nothing the client sends
 * may reach a header), bounded, and no field beyond the spec's. Each answers `{ok: true}` once its
 * emails are in the outbox.
 */
const text = (max: number) => noLineBreaks(z.string().max(max));
/** Strings the server does not use as such (it reads the database's); empty means absent. */
const ignored = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v?.trim() ? v : undefined));
const email = noLineBreaks(z.string().max(254)).pipe(z.email('must be a valid email address'));
const projectName = text(255).refine((v) => v.trim() !== '', 'is required');
/** Spec §5 Phone, as every phone the API keeps (E.164 out, ADR 0034); empty means absent. */
const phone = text(PHONE_MAX_LENGTH)
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(phoneSchema.optional());

export const inviteBodySchema = z.strictObject({ email });
export const confirmApplyBodySchema = z.strictObject({
  email,
  projectName,
  organizationName: ignored(255),
});
export const confirmStatusApplyBodySchema = z.strictObject({
  email,
  organization: ignored(255),
  projectName,
  status: ignored(50),
});
export const confirmSelectedBodySchema = z.strictObject({
  emailT: email,
  emailS: email,
  projectName,
  phone,
});
export const confirmProjectBodySchema = z.strictObject({
  email,
  projectName,
  contact_phone: phone,
  status: ignored(50),
});
export const confirmNewCandidatesBodySchema = z.strictObject({
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

export type InviteBody = z.output<typeof inviteBodySchema>;
export type ConfirmApplyBody = z.output<typeof confirmApplyBodySchema>;
export type ConfirmStatusApplyBody = z.output<typeof confirmStatusApplyBodySchema>;
export type ConfirmSelectedBody = z.output<typeof confirmSelectedBodySchema>;
export type ConfirmProjectBody = z.output<typeof confirmProjectBodySchema>;
export type ConfirmNewCandidatesBody = z.output<typeof confirmNewCandidatesBodySchema>;

/** The answer of every communication call. */
export const communicationSentSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Sent' });
export type CommunicationSent = z.infer<typeof communicationSentSchema>;

/**
 * `POST /api/communication-centers/read-all` (ADR 0044): how many of the caller's unread
 * communication-centre entries it marked read, in one statement.
 */
export const communicationCentersReadAllAnswerSchema = z
  .strictObject({ data: z.strictObject({ updated: z.number().int().nonnegative() }) })
  .meta({ id: 'CommunicationCentersReadAll' });
export type CommunicationCentersReadAllAnswer = z.infer<
  typeof communicationCentersReadAllAnswerSchema
>;

/**
 * `GET /api/communication-centers/unread-count` (ADR 0044): how many of the caller's entries are
 * unread, the number on the bell. One count, without the list engine, because every signed-in
 * student's page asks it on each poll.
 */
export const communicationCentersUnreadCountAnswerSchema = z
  .strictObject({ data: z.strictObject({ unread: z.number().int().nonnegative() }) })
  .meta({ id: 'CommunicationCentersUnreadCount' });
export type CommunicationCentersUnreadCountAnswer = z.infer<
  typeof communicationCentersUnreadCountAnswerSchema
>;
