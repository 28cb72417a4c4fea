import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { inList } from './checks';

/** The student's fields only they and admins read (ADR 0054). */
export const PRIVATE_FIELDS = ['dni', 'disability'] as const;
export type PrivateField = (typeof PRIVATE_FIELDS)[number];

/**
 * Each time an admin's answer carried a student's DNI or disability (ADR 0054): who read it,
 * when, whose, which field. Ids without foreign keys on purpose: the record of an admin's reads
 * outlives both accounts, and an id alone says nothing about a person once their account is gone.
 */
export const privateFieldReads = pgTable(
  'private_field_reads',
  {
    id: id(),
    /** The admin's user id. */
    readerId: integer('reader_id').notNull(),
    /** The student record read (students.id) and its account (up_users.id). */
    studentId: integer('student_id').notNull(),
    studentUserId: integer('student_user_id'),
    field: varchar('field', { length: 20, enum: PRIVATE_FIELDS }).notNull(),
    /** The request that read it: method and path, without the query string. */
    route: varchar('route', { length: 300 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('private_field_reads_student_idx').on(t.studentId, sql`${t.readAt} DESC`),
    index('private_field_reads_reader_idx').on(t.readerId, sql`${t.readAt} DESC`),
    check('private_field_reads_field_check', inList(t.field, PRIVATE_FIELDS)),
  ],
);
