import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../constants/notification-preferences';

/**
 * Communications staff send to students (ADR 0045): the announcement's life and the kind of
 * notice it is, which decides, with the `email` switch, whether a student gets it by email too.
 */

/** `scheduled` until its send job runs, `sending` while it runs, then `sent` or `failed`; a scheduled one its author cancels is `cancelled` and never sent. */
export const ANNOUNCEMENT_STATUSES = [
  'scheduled',
  'sending',
  'sent',
  'failed',
  'cancelled',
] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/**
 * The preference kinds an announcement may be (spec §3 notification preferences): every key but
 * the channels `email` and `whatsapp`.
 */
export const ANNOUNCEMENT_KINDS = NOTIFICATION_KINDS;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
/** What the platform's own advice is: the default kind of an announcement. */
export const DEFAULT_ANNOUNCEMENT_KIND: AnnouncementKind = 'u4i_advice';

/** Subject of an announcement: one line, as the centre's entries and email subjects hold. */
export const ANNOUNCEMENT_SUBJECT_MAX = 255;
/** The message is rich text (HTML) cleaned by the server; this bounds what is accepted. */
export const ANNOUNCEMENT_MESSAGE_MAX = 50_000;

/**
 * An audience: a Strapi v4 filter object over students (`{"degree":{"id":{"$eq":3}}}`), compiled
 * by the server under the sender's reach. Checked in depth by the server's filter parser.
 */
export const announcementAudienceSchema = z
  .record(z.string(), z.unknown())
  .meta({ id: 'AnnouncementAudience', description: 'A Strapi filter object over students' });

/** `POST /api/announcements/recipients`: the composer's live count. */
export const announcementRecipientsBodySchema = z
  .strictObject({ data: z.strictObject({ audience: announcementAudienceSchema }) })
  .meta({ id: 'AnnouncementRecipientsBody' });
export type AnnouncementRecipientsBody = z.infer<typeof announcementRecipientsBodySchema>;

export const announcementRecipientsAnswerSchema = z
  .strictObject({ data: z.strictObject({ recipients: z.number().int().nonnegative() }) })
  .meta({ id: 'AnnouncementRecipients' });
export type AnnouncementRecipientsAnswer = z.infer<typeof announcementRecipientsAnswerSchema>;

/** `POST /api/announcements/:id/resend`: how many failed emails are due again. */
export const announcementResendAnswerSchema = z
  .strictObject({ data: z.strictObject({ requeued: z.number().int().nonnegative() }) })
  .meta({ id: 'AnnouncementResend' });
export type AnnouncementResendAnswer = z.infer<typeof announcementResendAnswerSchema>;

/** The counts an announcement's answer carries, read live from the centre and the outbox. */
export const announcementDeliverySchema = z
  .strictObject({
    recipients: z.number().int().nonnegative(),
    emailsQueued: z.number().int().nonnegative(),
    emailsPending: z.number().int().nonnegative(),
    emailsSent: z.number().int().nonnegative(),
    emailsFailed: z.number().int().nonnegative(),
    entriesRead: z.number().int().nonnegative(),
  })
  .meta({ id: 'AnnouncementDelivery' });
export type AnnouncementDelivery = z.infer<typeof announcementDeliverySchema>;
