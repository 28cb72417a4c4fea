import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { inList } from './checks';

export const JOB_STATUSES = ['pending', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job queue (ADR 0036), the email outbox's mechanism generalised: a job is written in
 * the transaction of the change that needs it, claimed by any process with `FOR UPDATE SKIP LOCKED`
 * under a lease (a process that dies mid-job leaves it to be retried when the lease runs out),
 * retried with back-off and kept with its progress, result or last error.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** Which handler runs it (tfx.extract-text, imports, announcements...). */
    kind: varchar('kind', { length: 50 }).notNull(),
    /** At most one job per key (e.g. one text extraction per work): enqueueing again replaces it. */
    key: varchar('key', { length: 200 }),
    payload: jsonb('payload').notNull().default({}),
    status: varchar('status', { length: 20, enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker holds the job: no other worker takes it until the lease runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Visible progress: units done of a total (rows of an import, recipients of a send). */
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('jobs_kind_created_idx').on(t.kind, sql`${t.createdAt} DESC`),
    check('jobs_status_check', inList(t.status, JOB_STATUSES)),
  ],
);
