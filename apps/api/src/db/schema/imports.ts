import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  PEOPLE_IMPORT_KINDS,
  PEOPLE_IMPORT_MODES,
  PEOPLE_IMPORT_STATUSES,
  type ImportIssue,
} from '@plataforma/shared';
import { id, timestamps } from './columns';
import { inList } from './checks';
import { organizations } from './organizations';
import { users } from './users';

/** A row of an uploaded file as parse-table.ts reads it: its number and its cells. */
export interface StoredTableRow {
  row: number;
  cells: string[];
}

/**
 * An import of people from a file (ADR 0048): the file as read, kept until the import ends, and
 * its progress. Each batch of rows is written in one transaction together with the counts and
 * `batches_done` here, so a job that stops mid-way resumes after the last batch committed.
 */
export const peopleImports = pgTable(
  'people_imports',
  {
    id: id(),
    kind: varchar('kind', { length: 20, enum: PEOPLE_IMPORT_KINDS }).notNull(),
    mode: varchar('mode', { length: 10, enum: PEOPLE_IMPORT_MODES }).notNull(),
    status: varchar('status', { length: 20, enum: PEOPLE_IMPORT_STATUSES })
      .notNull()
      .default('queued'),
    fileName: varchar('file_name', { length: 255 }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The header and data rows as read; emptied when the import ends (they hold personal data). */
    header: jsonb('header').$type<string[]>(),
    fileRows: jsonb('file_rows').$type<StoredTableRow[]>(),
    total: integer('total').notNull(),
    batchesDone: integer('batches_done').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why the job gave up (Spanish), when `status` is failed. */
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('people_imports_kind_created_idx').on(t.kind, sql`${t.createdAt} DESC`),
    check('people_imports_kind_check', inList(t.kind, PEOPLE_IMPORT_KINDS)),
    check('people_imports_mode_check', inList(t.mode, PEOPLE_IMPORT_MODES)),
    check('people_imports_status_check', inList(t.status, PEOPLE_IMPORT_STATUSES)),
  ],
);

export const PEOPLE_IMPORT_OUTCOMES = ['created', 'updated', 'skipped', 'failed'] as const;
export type PeopleImportOutcome = (typeof PEOPLE_IMPORT_OUTCOMES)[number];

/**
 * What happened to each row of a committed batch, written in the batch's transaction: exactly
 * which rows were written (and as which account or organisation) and why the others were not.
 */
export const peopleImportRows = pgTable(
  'people_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => peopleImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    outcome: varchar('outcome', { length: 10, enum: PEOPLE_IMPORT_OUTCOMES }).notNull(),
    /** The row's email (people) or name (organisations), as the preview labels it. */
    label: varchar('label', { length: 255 }).notNull(),
    errors: jsonb('errors').$type<ImportIssue[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    index('people_import_rows_outcome_idx').on(t.importId, t.outcome),
    // Deleting an account or an organisation looks here (ON DELETE SET NULL); a table that grows
    // by a file's rows per import must not be read whole for each one.
    index('people_import_rows_user_idx').on(t.userId),
    index('people_import_rows_organization_idx').on(t.organizationId),
    check('people_import_rows_outcome_check', inList(t.outcome, PEOPLE_IMPORT_OUTCOMES)),
  ],
);
