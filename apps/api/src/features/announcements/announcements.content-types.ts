import { z } from 'zod';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  announcementAudienceSchema,
} from '@plataforma/shared';
import { announcements } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

export const ANNOUNCEMENT_UID = 'api::announcement.announcement';

/**
 * A communication staff send to students (ADR 0045). Its routes are the feature's own
 * (announcements.routes.ts): the answers carry delivery counts read live from the outbox and the
 * centre, which no column holds; the engine still validates, checks the access table and runs the
 * lifecycles of every write. The author, the status and the counts are the server's.
 */
export const announcementType = defineContentType({
  uid: ANNOUNCEMENT_UID,
  singularName: 'announcement',
  pluralName: 'announcements',
  table: announcements,
  relations: {
    author: {
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
      column: announcements.authorId,
    },
  },
  // The email is rendered by the server from the message at the send (announcements.jobs.ts).
  readOnly: [
    'status',
    'author',
    'recipients',
    'emailsQueued',
    'sentAt',
    'emailSubject',
    'emailHtml',
    'emailText',
  ],
  richText: ['message'],
  validate: {
    // One line: it heads the centre's entry and is the email's subject (no header injection).
    subject: z
      .string()
      .trim()
      .min(1)
      .max(ANNOUNCEMENT_SUBJECT_MAX)
      .refine((value) => !/[\r\n]/.test(value), 'no puede contener saltos de línea'),
    audience: announcementAudienceSchema,
    message: z.string().min(1).max(ANNOUNCEMENT_MESSAGE_MAX),
  },
  exposed: false,
});
