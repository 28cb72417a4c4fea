import { sql } from 'drizzle-orm';
import { EMAIL_STATUSES } from '@plataforma/shared';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { inList } from './checks';
import { announcements } from './announcements';

/**
 * Every email is written here in the same transaction as the change that causes it; a sender
 * delivers it afterwards and retries with back-off (issue 3 Email). `failed` means it gave up after
 * many attempts; the row stays for an admin to read and resend.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /**
     * The rendered email. Null only for an announcement's emails: the same for every recipient, it
     * is kept once on the announcement (`email_html`, `email_text`) and read from there when sent
     * (ADR 0045), not copied 100,000 times.
     */
    html: text('html'),
    text: text('text'),
    /** Which template produced it (confirmation, reset, confirmApply...). */
    template: varchar('template', { length: 50 }).notNull(),
    status: varchar('status', { length: 20, enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** While a sender holds the row (it is being sent): no other sender or retry touches it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The announcement it carries (ADR 0045): its delivery is counted and resent from here. */
    announcementId: integer('announcement_id').references(() => announcements.id, {
      onDelete: 'cascade',
    }),
    ...timestamps(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(sql`${t.createdAt} DESC`),
    check('email_outbox_status_check', inList(t.status, EMAIL_STATUSES)),
    index('email_outbox_announcement_idx')
      .on(t.announcementId, t.status)
      .where(sql`${t.announcementId} IS NOT NULL`),
    // One email per address and announcement: a send run again skips what it queued (ON CONFLICT).
    uniqueIndex('email_outbox_announcement_recipient_idx')
      .on(t.announcementId, t.recipient)
      .where(sql`${t.announcementId} IS NOT NULL`),
    check(
      'email_outbox_body_check',
      sql`(${t.html} IS NOT NULL AND ${t.text} IS NOT NULL) OR ${t.announcementId} IS NOT NULL`,
    ),
  ],
);
