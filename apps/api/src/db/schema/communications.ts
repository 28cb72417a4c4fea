import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { students } from './profiles';

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
    ...timestamps(),
  },
  // The centre lists one student's entries unread first, then newest first (spec §4 Notification).
  (t) => [
    index('communication_centers_student_idx').on(t.studentId, t.isRead, sql`${t.createdAt} DESC`),
  ],
);
