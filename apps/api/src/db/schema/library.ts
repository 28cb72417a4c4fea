import { boolean, check, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { THESIS_STAGES } from '@plataforma/shared';
import { id, publishedAt, timestamps } from './columns';
import { allInList, inList, monthYear } from './checks';
import { students } from './profiles';
import { files } from './users';

/** A finished final work (TFG/TFM) in the library; external ones come from outside the platform. */
export const tfxes = pgTable(
  'tfxes',
  {
    id: id(),
    title: varchar('title', { length: 255 }).notNull(),
    summary: text('summary'),
    status: varchar('status', { length: 20, enum: THESIS_STAGES }).notNull().default('finished'),
    language: varchar('language', { length: 50 }),
    file_URL: varchar('file_url', { length: 1000 }),
    tfxDate: date('tfx_date', { mode: 'string' }),
    /** Table of contents. */
    index: text('index'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    awarded: boolean('awarded').notNull().default(false),
    sector: varchar('sector', { length: 255 }),
    tags: text('tags').array(),
    /** MM/yyyy. */
    release_month: varchar('release_month', { length: 7 }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    /** Works of the external repository (/tfx/external), not uploaded by a platform student. */
    external: boolean('external').notNull().default(false),
    author_name: varchar('author_name', { length: 255 }),
    institution: varchar('institution', { length: 255 }),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [
    index('tfxes_student_idx').on(t.studentId),
    index('tfxes_published_idx').on(t.publishedAt),
    index('tfxes_external_idx').on(t.external),
    index('tfxes_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('tfxes_tags_idx').using('gin', t.tags),
    check('tfxes_status_check', inList(t.status, THESIS_STAGES)),
    check('tfxes_release_month_format', monthYear(t.release_month)),
  ],
);

export const resources = pgTable(
  'resources',
  {
    id: id(),
    title: varchar('title', { length: 255 }).notNull(),
    introduction: text('introduction'),
    pictureId: integer('picture_id').references(() => files.id, { onDelete: 'set null' }),
    tags: text('tags').array(),
    /** Thesis stages the resource is written for. */
    tfx_status: text('tfx_status').array(),
    is_popular: boolean('is_popular').notNull().default(false),
    popularity_visits: integer('popularity_visits').notNull().default(0),
    purposes: text('purposes').array(),
    /** Body in Markdown. */
    content: text('content'),
    link: varchar('link', { length: 1000 }),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [
    index('resources_published_idx').on(t.publishedAt),
    index('resources_popular_idx').on(t.is_popular),
    index('resources_tags_idx').using('gin', t.tags),
    check('resources_tfx_status_check', allInList(t.tfx_status, THESIS_STAGES)),
  ],
);
