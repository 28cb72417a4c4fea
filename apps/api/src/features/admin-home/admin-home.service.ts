import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  ADMIN_OVERVIEW_IMPORTS_LISTED,
  ADMIN_OVERVIEW_RECENT_DAYS,
  type AdminOverview,
  type AdminOverviewAnswer,
  type AdminOverviewImport,
  type EmailStatus,
  type PeopleImportStatus,
  type ProjectStatus,
  type TeacherVerification,
  type TfxReviewStatus,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/statements';
import { APP_VERSION } from '../../version';

/**
 * The administration home (ADR 0066): what waits for an admin, a few totals and what the server
 * runs on, counted by PostgreSQL in one statement each time it is asked (never from the answer
 * cache, ADR 0007: a figure that needs attention must not lag the list it links to).
 *
 * Each figure counts exactly what the screen it links to lists:
 * - teachers pending: `verification = 'pending'` (the «Pendientes» tab, ADR 0051; its partial
 *   index teachers_pending_idx);
 * - works to review: students' works (not external) whose review is pending (/admin/biblioteca's
 *   «Pendientes», ADR 0041);
 * - projects to validate: status «Por validar» (/projects with that status, ADR 0027);
 * - emails: failed (all, and those of the last days by when they failed, `updated_at`) and
 *   pending (waiting, and those already retried), read through email_outbox_due_idx;
 * - imports: people imports queued or running, and those that failed in the last days.
 *
 * The vocabulary values are SQL literals, not parameters, so a plan made once for the statement
 * still matches the partial indexes (as the reports do, ADR 0049).
 */

const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

const PENDING_TEACHER = literal('pending' satisfies TeacherVerification);
const VERIFIED_TEACHER = literal('verified' satisfies TeacherVerification);
const PENDING_WORK = literal('pending' satisfies TfxReviewStatus);
const TO_VALIDATE = literal('Por validar' satisfies ProjectStatus);
const PUBLISHED = literal('Publicada' satisfies ProjectStatus);
const EMAIL_FAILED = literal('failed' satisfies EmailStatus);
const EMAIL_PENDING = literal('pending' satisfies EmailStatus);
const IMPORT_QUEUED = literal('queued' satisfies PeopleImportStatus);
const IMPORT_RUNNING = literal('running' satisfies PeopleImportStatus);
const IMPORT_FAILED = literal('failed' satisfies PeopleImportStatus);
const RECENTLY = sql.raw(`now() - interval '${ADMIN_OVERVIEW_RECENT_DAYS} days'`);
const LISTED = sql.raw(String(ADMIN_OVERVIEW_IMPORTS_LISTED));

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** `GET /api/admin/overview` (admins). */
export async function adminOverview({ db, config }: AppContext): Promise<AdminOverviewAnswer> {
  const [row] = await executeRows(
    db,
    sql`
      WITH imports AS (
        SELECT id, kind, status, file_name, total, processed, created_at, finished_at
        FROM people_imports
        WHERE status IN (${IMPORT_QUEUED}, ${IMPORT_RUNNING})
           OR (status = ${IMPORT_FAILED} AND finished_at >= ${RECENTLY})
      ),
      emails AS (
        SELECT count(*) FILTER (WHERE status = ${EMAIL_FAILED})::int AS failed,
               count(*) FILTER (WHERE status = ${EMAIL_FAILED} AND updated_at >= ${RECENTLY})::int
                 AS failed_recently,
               count(*) FILTER (WHERE status = ${EMAIL_PENDING})::int AS waiting,
               count(*) FILTER (WHERE status = ${EMAIL_PENDING} AND attempts > 0)::int AS retrying
        FROM email_outbox
        WHERE status IN (${EMAIL_FAILED}, ${EMAIL_PENDING})
      )
      SELECT 0 AS id,
        (SELECT count(*) FROM teachers WHERE verification = ${PENDING_TEACHER})::int
          AS pending_teachers,
        (SELECT count(*) FROM tfxes WHERE review_status = ${PENDING_WORK} AND NOT external)::int
          AS pending_works,
        (SELECT count(*) FROM projects WHERE status = ${TO_VALIDATE})::int AS pending_projects,
        emails.failed AS emails_failed,
        emails.failed_recently AS emails_failed_recently,
        emails.waiting AS emails_waiting,
        emails.retrying AS emails_retrying,
        (SELECT count(*) FROM imports WHERE status <> ${IMPORT_FAILED})::int AS imports_running,
        (SELECT count(*) FROM imports WHERE status = ${IMPORT_FAILED})::int
          AS imports_failed_recently,
        (SELECT coalesce(json_agg(json_build_object(
            'id', l.id, 'kind', l.kind, 'status', l.status, 'fileName', l.file_name,
            'total', l.total, 'processed', l.processed,
            'createdAt', l.created_at, 'finishedAt', l.finished_at)), '[]')::text
          FROM (
            SELECT * FROM imports
            ORDER BY status = ${IMPORT_FAILED}, created_at DESC, id DESC
            LIMIT ${LISTED}
          ) l) AS imports_latest,
        (SELECT count(*) FROM students)::int AS students,
        (SELECT count(*) FROM teachers WHERE verification = ${VERIFIED_TEACHER})::int AS teachers,
        (SELECT count(*) FROM organizations)::int AS organizations,
        (SELECT count(*) FROM projects WHERE status = ${PUBLISHED})::int AS published_projects,
        current_setting('server_version') AS server_version
      FROM emails`,
  );
  // json_agg keeps the ORDER BY of its subquery: the running imports first, each group newest
  // first. Its timestamps are PostgreSQL's JSON form (microseconds, an offset): written as ISO.
  const latest = (JSON.parse(text(row?.imports_latest, '[]')) as AdminOverviewImport[]).map(
    (entry): AdminOverviewImport => ({
      id: entry.id,
      kind: entry.kind,
      status: entry.status,
      fileName: entry.fileName,
      total: entry.total,
      processed: entry.processed,
      createdAt: new Date(entry.createdAt).toISOString(),
      finishedAt: iso(entry.finishedAt),
    }),
  );
  const data: AdminOverview = {
    pending: {
      teachers: num(row?.pending_teachers),
      works: num(row?.pending_works),
      projects: num(row?.pending_projects),
    },
    emails: {
      failed: num(row?.emails_failed),
      failedRecently: num(row?.emails_failed_recently),
      waiting: num(row?.emails_waiting),
      retrying: num(row?.emails_retrying),
      deliveryConfigured: Boolean(config.smtpUrl),
    },
    imports: {
      running: num(row?.imports_running),
      failedRecently: num(row?.imports_failed_recently),
      latest,
    },
    totals: {
      students: num(row?.students),
      teachers: num(row?.teachers),
      organizations: num(row?.organizations),
      publishedProjects: num(row?.published_projects),
    },
    about: {
      version: APP_VERSION,
      node: process.versions.node,
      database: {
        kind: databaseKindOf(db),
        version: text(row?.server_version, ''),
      },
    },
  };
  return { data, meta: { countedAt: new Date().toISOString() } };
}

/**
 * Which database answers: a PostgreSQL server behind node-postgres's pool, or the embedded PGlite
 * (db/client.ts). Read from the client rather than from DATABASE_URL, so it says what the
 * statements actually run on.
 */
function databaseKindOf(db: Database): AdminOverview['about']['database']['kind'] {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? 'postgresql' : 'pglite';
}
