import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_OVERVIEW_IMPORTS_LISTED,
  adminOverviewAnswerSchema,
  type AdminOverview,
  type AdminOverviewAnswer,
} from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase, onPostgres } from '../../../test/helpers/db';
import {
  asAdmin,
  createOrganization,
  createOutboxEmail,
  createPeopleImport,
  createProject,
  createStudent,
  createTeacher,
  createTfx,
  signedIn,
} from '../../../test/helpers/factories';
import { APP_VERSION } from '../../version';

/**
 * The administration home (ADR 0066): every figure moves by exactly the rows made here that it
 * counts, and by none of the look-alikes it must not count (a rejected teacher, an external work,
 * a sent email, an import that failed long ago...). The worker's database is shared with other
 * files, so the tests compare the answer before and after their own rows.
 */

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

async function overview(
  headers: Record<string, string> = admin,
  on: FastifyInstance = app,
): Promise<AdminOverviewAnswer> {
  const response = await on.inject({ method: 'GET', url: '/api/admin/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return adminOverviewAnswerSchema.parse(response.json());
}

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

const EMPTY: AdminOverview = {
  pending: { teachers: 0, works: 0, projects: 0 },
  emails: { failed: 0, failedRecently: 0, waiting: 0, retrying: 0, deliveryConfigured: false },
  imports: { running: 0, failedRecently: 0, latest: [] },
  totals: { students: 0, teachers: 0, organizations: 0, publishedProjects: 0 },
  about: { version: '', node: '', database: { kind: 'pglite', version: '' } },
};

/** Every count of the answer (the nested numbers), as a flat record. */
function countsOf(data: AdminOverview): Record<string, number> {
  return {
    'pending.teachers': data.pending.teachers,
    'pending.works': data.pending.works,
    'pending.projects': data.pending.projects,
    'emails.failed': data.emails.failed,
    'emails.failedRecently': data.emails.failedRecently,
    'emails.waiting': data.emails.waiting,
    'emails.retrying': data.emails.retrying,
    'imports.running': data.imports.running,
    'imports.failedRecently': data.imports.failedRecently,
    'totals.students': data.totals.students,
    'totals.teachers': data.totals.teachers,
    'totals.organizations': data.totals.organizations,
    'totals.publishedProjects': data.totals.publishedProjects,
  };
}

/** How much each count moved between two answers (every key, zeros included). */
function moved(before: AdminOverview, after: AdminOverview): Record<string, number> {
  const [a, b] = [countsOf(before), countsOf(after)];
  return Object.fromEntries(Object.keys(a).map((key) => [key, b[key]! - a[key]!]));
}

const onlyThese = (extra: Record<string, number>) => ({
  ...Object.fromEntries(Object.keys(countsOf(EMPTY)).map((key) => [key, 0])),
  ...extra,
});

describe('GET /api/admin/overview: who may ask', () => {
  it('without a token it is 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ data: null, error: { status: 401 } });
  });

  it.each(['student', 'teacher', 'coordinator', 'authenticated'] as const)(
    'for a %s it is 403',
    async (role) => {
      const { headers } = await signedIn(app, role);
      const response = await app.inject({ method: 'GET', url: '/api/admin/overview', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ data: null, error: { status: 403 } });
    },
  );

  it('for an admin it is 200, kept by no browser or proxy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = adminOverviewAnswerSchema.parse(response.json());
    expect(Date.now() - Date.parse(answer.meta.countedAt)).toBeLessThan(60_000);
  });
});

describe('GET /api/admin/overview: what waits for an admin', () => {
  it('counts pending teachers, students’ works to review and projects to validate, and nothing like them', async () => {
    const before = await overview();

    await createTeacher({ verification: 'pending', publishedAt: null });
    await createTeacher({ verification: 'pending' });
    await createTeacher({ verification: 'rejected', publishedAt: null });
    await createTfx({ studentId: (await createStudent()).id, review_status: 'pending' });
    await createTfx({ external: true, review_status: 'pending' });
    await createTfx({ review_status: 'rejected', rejection_reason: 'Falta el resumen.' });
    await createTfx({ review_status: 'published', publishedAt: new Date() });
    await createProject({ status: 'Por validar', publishedAt: null });
    await createProject({ status: 'Pendiente', publishedAt: null });
    await createProject({ status: 'Validada', publishedAt: null });

    const after = await overview();
    expect(moved(before.data, after.data)).toEqual(
      onlyThese({
        'pending.teachers': 2,
        'pending.works': 1,
        'pending.projects': 1,
        // The student made for the work.
        'totals.students': 1,
      }),
    );
  });

  it('counts failed emails (all, and those of the last seven days by when they failed) and waiting ones (and those already retried)', async () => {
    const before = await overview();

    await createOutboxEmail({ status: 'failed', attempts: 12, lastError: '550 Buzón inexistente' });
    const old = await createOutboxEmail({ status: 'failed', attempts: 1 });
    const { db } = await getTestDatabase();
    await db.execute(sql`UPDATE email_outbox SET updated_at = ${daysAgo(8)} WHERE id = ${old.id}`);
    await createOutboxEmail();
    await createOutboxEmail({ attempts: 2, lastError: 'ECONNREFUSED' });
    // Due tomorrow (an announcement's paced email): still waiting.
    await createOutboxEmail({ nextAttemptAt: new Date(Date.now() + 86_400_000) });
    await createOutboxEmail({ status: 'sent', attempts: 1, sentAt: new Date() });

    const after = await overview();
    expect(moved(before.data, after.data)).toEqual(
      onlyThese({
        'emails.failed': 2,
        'emails.failedRecently': 1,
        'emails.waiting': 3,
        'emails.retrying': 1,
      }),
    );
    // The test app has no SMTP_URL: nothing is delivered and the home says why emails wait.
    expect(after.data.emails.deliveryConfigured).toBe(false);
  });

  it('counts the people imports queued or running and those failed in the last seven days, and lists them running first', async () => {
    const before = await overview();

    const queued = await createPeopleImport({ kind: 'teachers', fileName: 'docentes.csv' });
    const running = await createPeopleImport({
      status: 'running',
      total: 1200,
      processed: 500,
      batchesDone: 1,
    });
    const failed = await createPeopleImport({
      kind: 'organizations',
      status: 'failed',
      error: 'La carga se ha detenido.',
      finishedAt: new Date(),
    });
    const { db } = await getTestDatabase();
    const longAgo = await createPeopleImport({ status: 'failed', finishedAt: new Date() });
    await db.execute(
      sql`UPDATE people_imports SET finished_at = ${daysAgo(8)}, created_at = ${daysAgo(9)} WHERE id = ${longAgo.id}`,
    );
    await createPeopleImport({ status: 'done', processed: 10, finishedAt: new Date() });

    const after = await overview();
    expect(moved(before.data, after.data)).toEqual(
      onlyThese({ 'imports.running': 2, 'imports.failedRecently': 1 }),
    );

    const { latest } = after.data.imports;
    expect(latest.length).toBeLessThanOrEqual(ADMIN_OVERVIEW_IMPORTS_LISTED);
    // Running (and queued) ones first, newest first; the failures after them.
    const firstFailure = latest.findIndex((entry) => entry.status === 'failed');
    if (firstFailure >= 0) {
      expect(latest.slice(firstFailure).every((entry) => entry.status === 'failed')).toBe(true);
    }
    expect(latest.slice(0, 2).map((entry) => entry.id)).toEqual([running.id, queued.id]);
    expect(latest[0]).toEqual({
      id: running.id,
      kind: 'students',
      status: 'running',
      fileName: 'personas.csv',
      total: 1200,
      processed: 500,
      createdAt: running.createdAt.toISOString(),
      finishedAt: null,
    });
    const ids = latest.map((entry) => entry.id);
    expect(ids).not.toContain(longAgo.id);
    if (after.data.imports.running < ADMIN_OVERVIEW_IMPORTS_LISTED) {
      expect(latest.find((entry) => entry.id === failed.id)).toMatchObject({
        kind: 'organizations',
        status: 'failed',
        finishedAt: failed.finishedAt!.toISOString(),
      });
    }
  });

  it('totals students, verified teachers, organisations and published projects', async () => {
    const before = await overview();

    await createStudent();
    await createStudent({ publishedAt: null });
    await createTeacher();
    await createOrganization();
    await createProject({ status: 'Publicada' });
    await createProject({ status: 'Terminada', publishedAt: null });

    const after = await overview();
    expect(moved(before.data, after.data)).toEqual(
      onlyThese({
        'totals.students': 2,
        'totals.teachers': 1,
        'totals.organizations': 1,
        'totals.publishedProjects': 1,
      }),
    );
  });
});

describe('GET /api/admin/overview: about the platform', () => {
  it('says the product’s version, the Node.js version and the database that answers', async () => {
    const { about } = (await overview()).data;
    expect(about.version).toBe(APP_VERSION);
    expect(about.node).toBe(process.versions.node);
    expect(about.database.kind).toBe(onPostgres ? 'postgresql' : 'pglite');
    expect(about.database.version).toMatch(/^\d+(\.\d+)?/);
  });
});

describe('GET /api/admin/overview: always fresh', () => {
  let withFeed: FeedApp;
  beforeAll(async () => {
    withFeed = await appWithChangeFeed({ responseCache: true });
  });
  afterAll(() => withFeed.close());

  it('with the answer cache on, a figure moves at once after another process’s write', async () => {
    const headers = await asAdmin(withFeed.app);
    const before = await overview(headers, withFeed.app);
    // Plain SQL stands for another process; no notification is awaited before reading again.
    const { db } = await getTestDatabase();
    await db.execute(
      sql`INSERT INTO projects (title, description, type, status) VALUES ('Proyecto por validar', 'Descripción', 'Impacto social', 'Por validar')`,
    );
    const after = await overview(headers, withFeed.app);
    expect(after.data.pending.projects).toBe(before.data.pending.projects + 1);
  });
});
