import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { students } from './profiles';

/** One filled competence questionnaire (spec §2 Other, §9 Competence questionnaire). */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: id(),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }),
    surname: varchar('surname', { length: 255 }),
    email: varchar('email', { length: 255 }),
    /** Answer per question value, 0 to 6. */
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    /** Score per section. */
    scores: jsonb('scores').$type<Record<string, number>>(),
    ...timestamps(),
  },
  (t) => [index('questionnaire_answers_student_idx').on(t.studentId)],
);
