import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { students } from './profiles';
import { announcements } from './announcements';

/** An entry of a student's communication centre (spec §3 Notification). */
export const communicationCenters = pgTable(
  'communication_centers',
  {
    id: id(),
    isRead: boolean('is_read').notNull().default(false),
    notification_subject: varchar('notification_subject', { length: 255 }).notNull(),
    /** HTML, sanitised when written. */
    notification_message: text('notification_message').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The announcement that wrote it (ADR 0045); entries written one by one have none. */
    announcementId: integer('announcement_id').references(() => announcements.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  // The centre lists one student's entries unread first, then newest first (spec §4 Notification).
  (t) => [
    index('communication_centers_student_idx').on(t.studentId, t.isRead, sql`${t.createdAt} DESC`),
    // A student's entries in id order, the list's default (spec §7's call filters by student).
    // Without it PostgreSQL may walk the primary key from the start, past every other student's
    // entries, to find the first 25 of a student whose entries came last: 160 ms at scale 100.
    index('communication_centers_student_id_idx').on(t.studentId, t.id),
    // One entry per student and announcement: a send that runs again adds none twice (ADR 0045).
    uniqueIndex('communication_centers_announcement_idx').on(t.announcementId, t.studentId),
  ],
);
