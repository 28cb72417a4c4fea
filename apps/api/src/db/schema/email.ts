import { sql } from 'drizzle-orm';
import { EMAIL_STATUSES } from '@plataforma/shared';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { inList } from './checks';

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
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Which template produced it (confirmation, reset, confirmApply...). */
    template: varchar('template', { length: 50 }).notNull(),
    status: varchar('status', { length: 20, enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** While a sender holds the row (it is being sent): no other sender or retry touches it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(sql`${t.createdAt} DESC`),
    check('email_outbox_status_check', inList(t.status, EMAIL_STATUSES)),
  ],
);
