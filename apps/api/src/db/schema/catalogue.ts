import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const universities = pgTable(
  'universities',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [index('universities_name_idx').on(t.name)],
);

/** A campus or faculty ("centro") of a university. */
export const campuses = pgTable(
  'campuses',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    universityId: integer('university_id').references(() => universities.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    index('campuses_university_idx').on(t.universityId),
    index('campuses_name_idx').on(t.name),
  ],
);

export const degrees = pgTable(
  'degrees',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Length of the studies in years. */
    duration: integer('duration'),
    master: boolean('master').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('degrees_name_idx').on(t.name),
    index('degrees_master_idx').on(t.master),
    // ADR 0047: one to six years (DEGREE_DURATION_MIN/MAX); the lifecycle says it in Spanish first.
    check('degrees_duration_check', sql`${t.duration} BETWEEN 1 AND 6`),
  ],
);

export const campusesDegrees = pgTable(
  'campuses_degrees_links',
  {
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id')
      .notNull()
      .references(() => degrees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.campusId, t.degreeId] }),
    index('campuses_degrees_degree_idx').on(t.degreeId),
  ],
);

/** A call for applications ("convocatoria") of one or more degrees. */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    academic_period_start: date('academic_period_start', { mode: 'string' }),
    academic_period_end: date('academic_period_end', { mode: 'string' }),
    description: text('description'),
    /** Applications under this call must carry the student's DNI or NIE (ADR 0025). */
    requires_dni: boolean('requires_dni').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('calls_name_idx').on(t.name),
    // ADR 0047: a period ends after it starts; either end may stay open (NULL).
    check('calls_period_check', sql`${t.academic_period_end} > ${t.academic_period_start}`),
  ],
);

export const callsDegrees = pgTable(
  'calls_degrees_links',
  {
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id')
      .notNull()
      .references(() => degrees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.degreeId] }),
    index('calls_degrees_degree_idx').on(t.degreeId),
  ],
);

export const studyAreas = pgTable('study_areas', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull().unique(),
  ...timestamps(),
});

export const studySubareas = pgTable(
  'study_subareas',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    areaId: integer('area_id').references(() => studyAreas.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('study_subareas_area_idx').on(t.areaId)],
);
