import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUSES,
  DEDICATION_OPTIONS,
  PRESENTIALITY_OPTIONS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
} from '@plataforma/shared';
import { id, publishedAt, timestamps } from './columns';
import { tsvector } from './text-search';
import { inList } from './checks';
import { calls, campuses } from './catalogue';
import { coordinators, organizations } from './organizations';
import { students, teachers } from './profiles';
import { files } from './users';

/** Milestones of a project in progress (spec §3 Project progress); each marks a stage reached. */
export const projectProgresses = pgTable('project_progresses', {
  id: id(),
  objectives: boolean('objectives').notNull().default(false),
  frame: boolean('frame').notNull().default(false),
  conclusions: boolean('conclusions').notNull().default(false),
  defense: boolean('defense').notNull().default(false),
  final: boolean('final').notNull().default(false),
  ...timestamps(),
});

export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    status: varchar('status', { length: 20, enum: PROJECT_STATUSES })
      .notNull()
      .default('Pendiente'),
    type: varchar('type', { length: 30, enum: PROJECT_TYPES }).notNull(),
    objectives: text('objectives'),
    /** Sustainable Development Goals, 1 to 17. */
    ods: integer('ods').array(),
    ods_explanation: text('ods_explanation'),
    academic_profile: text('academic_profile'),
    requirements: text('requirements'),
    working_method: text('working_method'),
    tags: text('tags').array(),
    internship: boolean('internship').notNull().default(false),
    language: varchar('language', { length: 50 }),
    presentiality: varchar('presentiality', { length: 20, enum: PRESENTIALITY_OPTIONS }),
    /** Province. */
    location: varchar('location', { length: 100 }),
    locality: varchar('locality', { length: 100 }),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    coordinatorId: integer('coordinator_id').references(() => coordinators.id, {
      onDelete: 'set null',
    }),
    visibility_consent: boolean('visibility_consent').notNull().default(false),
    remuneration: boolean('remuneration').notNull().default(false),
    dedication: varchar('dedication', { length: 50, enum: DEDICATION_OPTIONS }),
    progressId: integer('progress_id')
      .unique()
      .references(() => projectProgresses.id, { onDelete: 'set null' }),
    campusId: integer('campus_id').references(() => campuses.id, { onDelete: 'set null' }),
    validated: boolean('validated').notNull().default(false),
    /** Why an admin rejected it (status Rechazada). */
    rejection_reason: text('rejection_reason'),
    /** Last day to apply; applications after it are refused. */
    application_deadline: date('application_deadline', { mode: 'string' }),
    study_areas: text('study_areas').array(),
    study_subareas: text('study_subareas').array(),
    /** Title (A) > description and tags (B) > objectives (C), in the `es` configuration (ADR 0036). */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('public.es', coalesce(title, '')), 'A') || setweight(to_tsvector('public.es', coalesce(description, '') || ' ' || coalesce(public.text_array_to_string(tags), '')), 'B') || setweight(to_tsvector('public.es', coalesce(objectives, '')), 'C')`,
    ),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [
    index('projects_status_idx').on(t.status),
    index('projects_type_idx').on(t.type),
    index('projects_organization_idx').on(t.organizationId),
    index('projects_teacher_idx').on(t.teacherId),
    index('projects_coordinator_idx').on(t.coordinatorId),
    index('projects_campus_idx').on(t.campusId),
    index('projects_location_idx').on(t.location),
    index('projects_published_created_idx').on(t.publishedAt, t.createdAt),
    index('projects_created_idx').on(t.createdAt),
    index('projects_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The typo fallback of the catalogue's search (ADR 0038): similar words in the title and tags.
    index('projects_text_trgm_idx').using(
      'gin',
      sql`lower(public.immutable_unaccent(${t.title} || ' ' || coalesce(public.text_array_to_string(${t.tags}), ''))) gin_trgm_ops`,
    ),
    index('projects_search_idx').using('gin', t.search_vector),
    index('projects_tags_idx').using('gin', t.tags),
    index('projects_ods_idx').using('gin', t.ods),
    index('projects_study_areas_idx').using('gin', t.study_areas),
    check('projects_status_check', inList(t.status, PROJECT_STATUSES)),
    check('projects_type_check', inList(t.type, PROJECT_TYPES)),
    check('projects_presentiality_check', inList(t.presentiality, PRESENTIALITY_OPTIONS)),
    check('projects_dedication_check', inList(t.dedication, DEDICATION_OPTIONS)),
    check(
      'projects_ods_range',
      sql`${t.ods} IS NULL OR ${t.ods} <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]`,
    ),
  ],
);

/** An application of a student to a project (Strapi collection `applys`). */
export const applys = pgTable(
  'applys',
  {
    id: id(),
    status: varchar('status', { length: 20, enum: APPLICATION_STATUSES })
      .notNull()
      .default('Enviada'),
    /** Optional message sent with the last status change. */
    status_message: text('status_message'),
    cvId: integer('cv_id').references(() => files.id, { onDelete: 'set null' }),
    CV_url: varchar('cv_url', { length: 1000 }),
    video: varchar('video', { length: 1000 }),
    interest: text('interest'),
    motivation: text('motivation'),
    good_candidate: text('good_candidate'),
    tutor: varchar('tutor', { length: 255 }),
    project_expected: text('project_expected'),
    availability: text('availability'),
    rtx_interest: text('rtx_interest'),
    supermatch: boolean('supermatch').notNull().default(false),
    /**
     * Null once the student deleted their account: the application stays in the project's
     * history, stripped of what was theirs (ADR 0054).
     */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    callId: integer('call_id').references(() => calls.id, { onDelete: 'set null' }),
    dni: varchar('dni', { length: 20 }),
    deadline: date('deadline', { mode: 'string' }),
    tutorAsignedId: integer('tutor_asigned_id').references(() => teachers.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('applys_student_project_unique').on(t.studentId, t.projectId),
    index('applys_project_idx').on(t.projectId),
    index('applys_status_idx').on(t.status),
    index('applys_call_idx').on(t.callId),
    index('applys_tutor_asigned_idx').on(t.tutorAsignedId),
    index('applys_created_idx').on(t.createdAt),
    // The impact dashboard (ADR 0049) counts applications by date, status and student, and the
    // selections by project, from these alone (index-only scans, a tenth of the table's pages).
    index('applys_reports_idx').on(t.createdAt, t.status, t.studentId),
    index('applys_selected_idx')
      .on(t.createdAt, t.studentId, t.projectId)
      .where(sql`${t.status} = 'Seleccionado'`),
    check('applys_status_check', inList(t.status, APPLICATION_STATUSES)),
  ],
);
