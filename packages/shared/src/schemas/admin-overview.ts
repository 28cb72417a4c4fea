import { z } from 'zod';
import { PEOPLE_IMPORT_KINDS } from './imports';

/**
 * The administration home (`/admin`, ADR 0066): `GET /api/admin/overview` answers what waits for
 * an admin (teachers to verify, works to review, projects to validate, emails that failed or wait,
 * people imports running or failed lately), a few totals, and what the platform runs on. Every
 * figure is counted by PostgreSQL when asked, and each one counts what the screen it links to
 * lists, so the number on the card is the number of rows behind its link.
 */

/** "Lately" for failed emails and imports: the last seven days. */
export const ADMIN_OVERVIEW_RECENT_DAYS = 7;

/** At most this many imports are listed one by one (the running ones, then the failures). */
export const ADMIN_OVERVIEW_IMPORTS_LISTED = 5;

const count = z.number().int().nonnegative();
const dateTime = z.string().describe('ISO 8601, UTC');

/** An import the home lists: running (or queued), or failed lately. */
export const adminOverviewImportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PEOPLE_IMPORT_KINDS),
  status: z.enum(['queued', 'running', 'failed']),
  fileName: z.string().nullable(),
  /** Rows of data in the file. */
  total: count,
  /** Rows of the batches committed so far. */
  processed: count,
  createdAt: dateTime,
  finishedAt: dateTime.nullable(),
});
export type AdminOverviewImport = z.infer<typeof adminOverviewImportSchema>;

export const DATABASE_KINDS = ['pglite', 'postgresql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const adminOverviewSchema = z.object({
  pending: z.object({
    teachers: count.describe(
      'Teachers whose verification is pending (ADR 0051): the teachers’ «Pendientes» tab',
    ),
    works: count.describe(
      'Final works students sent that wait for review (not external ones): /admin/biblioteca',
    ),
    projects: count.describe('Projects whose status is «Por validar» (ADR 0024)'),
  }),
  emails: z.object({
    failed: count.describe('Emails the sender gave up on, ever (the outbox list of failed ones)'),
    failedRecently: count.describe(
      `Of those, the ones that failed in the last ${ADMIN_OVERVIEW_RECENT_DAYS} days`,
    ),
    waiting: count.describe('Emails waiting to be sent (pending, including those due later)'),
    retrying: count.describe('Of the waiting ones, those that failed at least once'),
    deliveryConfigured: z
      .boolean()
      .describe('Whether this server sends email (SMTP_URL); without it every email waits'),
  }),
  imports: z.object({
    running: count.describe('People imports queued or running (ADR 0048)'),
    failedRecently: count.describe(
      `People imports that failed in the last ${ADMIN_OVERVIEW_RECENT_DAYS} days`,
    ),
    latest: z
      .array(adminOverviewImportSchema)
      .describe(
        `The running ones, then the recent failures, newest first; at most ${ADMIN_OVERVIEW_IMPORTS_LISTED}`,
      ),
  }),
  totals: z.object({
    students: count.describe('Student profiles'),
    teachers: count.describe('Verified teachers (those who may publish)'),
    organizations: count.describe('Organisations'),
    publishedProjects: count.describe('Projects whose status is «Publicada»'),
  }),
  about: z.object({
    version: z.string().describe('The product’s version (semver)'),
    node: z.string().describe('The Node.js version the server runs, e.g. 24.1.0'),
    database: z.object({
      kind: z.enum(DATABASE_KINDS).describe('pglite: the embedded database; postgresql: a server'),
      version: z.string().describe('The PostgreSQL server version (PGlite’s own for pglite)'),
    }),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminOverviewAnswerSchema = z
  .object({
    data: adminOverviewSchema,
    meta: z.object({ countedAt: dateTime.describe('When the figures were counted') }),
  })
  .meta({ id: 'AdminOverviewAnswer' });
export type AdminOverviewAnswer = z.infer<typeof adminOverviewAnswerSchema>;
