import type { AnnouncementRecipientsAnswer, AnnouncementResendAnswer } from '@plataforma/shared';
import type {
  Announcement,
  AnnouncementAnswer,
  AnnouncementAttributes,
  AnnouncementListAnswer,
} from '../../src/features/announcements/types';
import { collection } from './envelopes';

/**
 * The announcements' answers as the API gives them (ADR 0045: its own routes, v4 shapes, the
 * delivery counted live), typed by the shared contract's statuses, kinds and counts.
 */

/** An announcement's attributes, sent and delivered; `extra` overrides any of them. */
export function announcementAttributes(
  subject: string,
  extra: Partial<AnnouncementAttributes> = {},
): AnnouncementAttributes {
  return {
    subject,
    message: '<p>Hola a todos.</p>',
    audience: {},
    kind: 'u4i_advice',
    sendAt: '2026-11-20T09:00:00.000Z',
    status: 'sent',
    sentAt: '2026-11-20T09:00:05.000Z',
    createdAt: '2026-11-20T08:59:00.000Z',
    recipients: 120,
    emailsQueued: 100,
    emailsPending: 0,
    emailsSent: 97,
    emailsFailed: 3,
    entriesRead: 45,
    author: {
      data: { id: 7, attributes: { name: 'Marta', surname: 'Gil', username: 'persona' } },
    },
    ...extra,
  };
}

export const announcementEntry = (
  id: number,
  subject: string,
  extra: Partial<AnnouncementAttributes> = {},
): Announcement => ({ id, attributes: announcementAttributes(subject, extra) });

/** `GET /api/announcements/:id` and the writes that answer one. */
export const announcementAnswer = (
  id: number,
  subject: string,
  extra: Partial<AnnouncementAttributes> = {},
): AnnouncementAnswer => ({ data: announcementEntry(id, subject, extra), meta: {} });

/** `GET /api/announcements`: a page of the history. */
export const announcementsAnswer = (
  entries: Announcement[],
  pagination: Parameters<typeof collection>[1] = {},
): AnnouncementListAnswer => collection(entries, { pageSize: 20, ...pagination });

export const recipientsAnswer = (recipients: number): AnnouncementRecipientsAnswer => ({
  data: { recipients },
});

export const resendAnswer = (requeued: number): AnnouncementResendAnswer => ({
  data: { requeued },
});
