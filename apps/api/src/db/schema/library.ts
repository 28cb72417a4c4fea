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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { THESIS_STAGES, TFX_REVIEW_STATUSES, TFX_TEXT_STATUSES } from '@plataforma/shared';
import { id, publishedAt, timestamps } from './columns';
import { allInList, inList, monthYear } from './checks';
import { degrees } from './catalogue';
import { tsvector } from './text-search';
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
    /** The author's university: the student's at upload, the file's for external works. */
    institution: varchar('institution', { length: 255 }),
    /** The author's degree (the student's profile at upload); external works name it only. */
    degreeId: integer('degree_id').references(() => degrees.id, { onDelete: 'set null' }),
    degree_name: varchar('degree_name', { length: 255 }),
    /** The author's study area (spec §9), a facet of the library. */
    study_area: varchar('study_area', { length: 100 }),
    ods: integer('ods').array(),
    /** The author agreed to publish the work in the library. */
    publish_consent: boolean('publish_consent').notNull().default(false),
    /** Staff review of a student's work (ADR 0036); publishedAt is set when it is published. */
    review_status: varchar('review_status', { length: 20, enum: TFX_REVIEW_STATUSES })
      .notNull()
      .default('pending'),
    rejection_reason: text('rejection_reason'),
    /** The PDF's text, extracted in the background (ADR 0036); never answered. */
    document_text: text('document_text'),
    text_status: varchar('text_status', { length: 20, enum: TFX_TEXT_STATUSES })
      .notNull()
      .default('none'),
    views_count: integer('views_count').notNull().default(0),
    downloads_count: integer('downloads_count').notNull().default(0),
    /** What makes an imported external work the same one when its file is imported again. */
    import_key: varchar('import_key', { length: 64 }),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [
    // One work per student (spec §2), also under parallel submits.
    uniqueIndex('tfxes_one_per_student_idx')
      .on(t.studentId)
      .where(sql`student_id IS NOT NULL`),
    uniqueIndex('tfxes_import_key_idx').on(t.import_key),
    index('tfxes_review_status_idx').on(t.review_status),
    check('tfxes_review_status_check', inList(t.review_status, TFX_REVIEW_STATUSES)),
    check('tfxes_text_status_check', inList(t.text_status, TFX_TEXT_STATUSES)),
    check(
      'tfxes_ods_range',
      sql`${t.ods} IS NULL OR ${t.ods} <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]`,
    ),
    check('tfxes_counts_check', sql`${t.views_count} >= 0 AND ${t.downloads_count} >= 0`),
    index('tfxes_student_idx').on(t.studentId),
    index('tfxes_published_idx').on(t.publishedAt),
    index('tfxes_external_idx').on(t.external),
    index('tfxes_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The typo fallback of the search (ADR 0038): similar words in the title and tags.
    index('tfxes_text_trgm_idx').using(
      'gin',
      sql`lower(public.immutable_unaccent(${t.title} || ' ' || coalesce(public.text_array_to_string(${t.tags}), ''))) gin_trgm_ops`,
    ),
    index('tfxes_tags_idx').using('gin', t.tags),
    check('tfxes_status_check', inList(t.status, THESIS_STAGES)),
    check('tfxes_release_month_format', monthYear(t.release_month)),
  ],
);

/**
 * The library's search projection (ADR 0043): one narrow row per work with what the search
 * filters, counts and ranks, kept by the trigger `tfx_search_sync` of migration 0016 in the
 * same transaction as every write of a work. A search reads thousands of matches per common
 * word: here each costs a few dozen bytes (facet values, the title's vector), not the work's
 * whole row; the vectors of the summary and of the PDF's text are stored out of line
 * (toast_tuple_target) and read only through their GIN indexes or for a page's snippets.
 */
export const tfxSearch = pgTable(
  'tfx_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => tfxes.id, { onDelete: 'cascade' }),
    /** In the public library: published and its review passed (what every role may find). */
    live: boolean('live').notNull(),
    external: boolean('external').notNull(),
    tfxDate: date('tfx_date', { mode: 'string' }),
    year: integer('year'),
    degree_name: varchar('degree_name', { length: 255 }),
    study_area: varchar('study_area', { length: 100 }),
    sector: varchar('sector', { length: 255 }),
    language: varchar('language', { length: 50 }),
    awarded: boolean('awarded').notNull(),
    /** Bit k set when the work lists ODS k: 17 counts by bit tests, no list to unnest. */
    ods_mask: integer('ods_mask').notNull(),
    /** The title (A): ranks the matches whose title holds the words, read in the row. */
    title_vector: tsvector('title_vector').notNull(),
    /** Title (A), summary and tags (B): finds the matches of the second tier. */
    head_vector: tsvector('head_vector').notNull(),
    /** Title (A) > summary and tags (B) > the PDF's text (C): what a search matches. */
    vector: tsvector('vector').notNull(),
    /**
     * The PDF's text, for the snippets; it also makes the row long enough for PostgreSQL to
     * move it and the vectors out of line (toast_tuple_target, migration 0016).
     */
    document_text: text('document_text'),
  },
  (t) => [
    index('tfx_search_vector_idx').using('gin', t.vector),
    index('tfx_search_head_idx').using('gin', t.head_vector),
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
    /** Body in HTML, cleaned by the server when written (ADR 0036). */
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

/**
 * A visitor's view or download of a work, or visit of a resource, on a day: counted once per
 * visitor per day (ADR 0036). `visitor` is the user's id or a keyed hash of the address and
 * browser, never the address itself. Rows older than a few days are only kept for the key.
 */
export const libraryVisits = pgTable(
  'library_visits',
  {
    kind: varchar('kind', {
      length: 20,
      enum: ['tfx_view', 'tfx_download', 'resource_visit'],
    }).notNull(),
    targetId: integer('target_id').notNull(),
    visitor: varchar('visitor', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.targetId, t.visitor, t.day] }),
    index('library_visits_day_idx').on(t.day),
    check(
      'library_visits_kind_check',
      inList(t.kind, ['tfx_view', 'tfx_download', 'resource_visit']),
    ),
  ],
);
