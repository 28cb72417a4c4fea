import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_STATUSES,
  DEFAULT_ANNOUNCEMENT_KIND,
} from '@plataforma/shared';
import { id, timestamps } from './columns';
import { inList } from './checks';
import { users } from './users';

/**
 * A communication staff send to students (ADR 0045): each recipient gets one communication-centre
 * entry linked to it, and an email when their preferences allow. The audience is kept as it was
 * written (a Strapi filter object over students) and compiled when the send runs, under its
 * author's reach. `recipients` and `emailsQueued` are written by the send; the emails' delivery
 * (pending, sent, failed) and the entries read are counted live from the outbox and the centre.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** Rich text, cleaned to the allow-list of lib/html/rich-text.ts when written. */
    message: text('message').notNull(),
    /** A Strapi filter object over students. */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    /** The preference kind that, with `email`, lets the email go (spec §3). */
    kind: varchar('kind', { length: 40, enum: ANNOUNCEMENT_KINDS })
      .notNull()
      .default(DEFAULT_ANNOUNCEMENT_KIND),
    /** When it goes out; now when not given. */
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: varchar('status', { length: 20, enum: ANNOUNCEMENT_STATUSES })
      .notNull()
      .default('scheduled'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull().default(0),
    emailsQueued: integer('emails_queued').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The email every recipient gets, rendered once by the send (its outbox rows carry none). */
    emailSubject: varchar('email_subject', { length: 255 }),
    emailHtml: text('email_html'),
    emailText: text('email_text'),
    ...timestamps(),
  },
  (t) => [
    index('announcements_created_idx').on(sql`${t.createdAt} DESC`),
    index('announcements_author_idx').on(t.authorId),
    check('announcements_status_check', inList(t.status, ANNOUNCEMENT_STATUSES)),
    check('announcements_kind_check', inList(t.kind, ANNOUNCEMENT_KINDS)),
  ],
);
