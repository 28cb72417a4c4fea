import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { files, jobs, libraryVisits, resources, tfxes } from '../../db/schema';
import { repeatKey } from '../../lib/jobs';
import { LocalStorage } from '../../lib/storage';
import { VISITOR } from '../../lib/strapi/actor';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { uniqueIp } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createFile,
  createStudent,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { SWEEP_LIBRARY_VISITS } from './library.jobs';
import { KEPT_VISIT_DAYS, sweepOldVisits, visitDay, visitorKey } from './library.visits';

/** The library's counters (ADR 0036, ADR 0039): once per visitor per day, only what one may see. */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

async function db() {
  return (await getTestDatabase()).db;
}

async function createWork(values: Partial<typeof tfxes.$inferInsert> = {}) {
  const [row] = await (
    await db()
  )
    .insert(tfxes)
    .values({
      title: unique('Trabajo'),
      review_status: 'published',
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

async function createResource(values: Partial<typeof resources.$inferInsert> = {}) {
  const [row] = await (
    await db()
  )
    .insert(resources)
    .values({ title: unique('Recurso'), publishedAt: new Date(), ...values })
    .returning();
  return row!;
}

async function workCounts(id: number) {
  const [row] = await (
    await db()
  )
    .select({ views: tfxes.views_count, downloads: tfxes.downloads_count })
    .from(tfxes)
    .where(eq(tfxes.id, id));
  return row!;
}

async function resourceVisits(id: number) {
  const [row] = await (
    await db()
  )
    .select({ visits: resources.popularity_visits })
    .from(resources)
    .where(eq(resources.id, id));
  return row!.visits;
}

/** A browser: one address and user agent (and a token when signed in). */
function browser(headers: Record<string, string> = {}) {
  const ip = uniqueIp();
  const agent = `Mozilla/5.0 (prueba ${unique('navegador')})`;
  return (method: 'GET' | 'POST' | 'HEAD', url: string) =>
    app.inject({ method, url, remoteAddress: ip, headers: { 'user-agent': agent, ...headers } });
}

describe('POST /api/tfxes/:id/views', () => {
  it('when the same visitor views a work twice the same day, counts one view; another visitor counts another', async () => {
    const work = await createWork({ views_count: 10 });
    const first = browser();
    const counted = await first('POST', `/api/tfxes/${work.id}/views`);
    expect(counted.statusCode).toBe(200);
    // The page adds this view to the count it read (ADR 0042).
    expect(counted.json()).toEqual({ data: { counted: true } });
    const again = await first('POST', `/api/tfxes/${work.id}/views`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { counted: false } });
    expect((await workCounts(work.id)).views).toBe(11);

    expect((await browser()('POST', `/api/tfxes/${work.id}/views`)).json()).toEqual({
      data: { counted: true },
    });
    expect((await workCounts(work.id)).views).toBe(12);
  });

  it('when a signed-in user views a work from two addresses, counts one view', async () => {
    const work = await createWork();
    const { headers } = await signedIn(app, 'teacher');
    await browser(headers)('POST', `/api/tfxes/${work.id}/views`);
    await browser(headers)('POST', `/api/tfxes/${work.id}/views`);
    expect((await workCounts(work.id)).views).toBe(1);
  });

  it('when views arrive at the same instant, counts one', async () => {
    const work = await createWork();
    const tab = browser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => tab('POST', `/api/tfxes/${work.id}/views`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Exactly one of them is told it counted.
    expect(
      answers.filter((a) => a.json<{ data: { counted: boolean } }>().data.counted),
    ).toHaveLength(1);
    expect((await workCounts(work.id)).views).toBe(1);
  });

  it('never stores the address: a visitor is a keyed hash that changes with the day', async () => {
    const work = await createWork();
    const ip = uniqueIp();
    await app.inject({
      method: 'POST',
      url: `/api/tfxes/${work.id}/views`,
      remoteAddress: ip,
      headers: { 'user-agent': 'Navegador de prueba' },
    });
    const rows = await (
      await db()
    )
      .select()
      .from(libraryVisits)
      .where(eq(libraryVisits.targetId, work.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.visitor).not.toContain(ip);
    const request = { ip, userAgent: 'Navegador de prueba' };
    const secret = TEST_CONFIG.jwtSecret;
    expect(visitorKey(secret, VISITOR, request, rows[0]!.day)).toBe(rows[0]!.visitor);
    expect(visitorKey(secret, VISITOR, request, '2020-01-01')).not.toBe(rows[0]!.visitor);
    expect(visitorKey('otro secreto', VISITOR, request, rows[0]!.day)).not.toBe(rows[0]!.visitor);
  });

  it('when a work waits for review, is 404 for a visitor and another student, and its author and admins view it without counting', async () => {
    const author = await createStudent();
    const work = await createWork({
      studentId: author.id,
      review_status: 'pending',
      publishedAt: null,
    });
    expect((await browser()('POST', `/api/tfxes/${work.id}/views`)).statusCode).toBe(404);
    const other = await signedIn(app, 'student');
    expect((await browser(other.headers)('POST', `/api/tfxes/${work.id}/views`)).statusCode).toBe(
      404,
    );
    const mine = browser(bearer(app, author.userId));
    const preview = await mine('POST', `/api/tfxes/${work.id}/views`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ data: { counted: false } });
    const review = await browser(admin)('POST', `/api/tfxes/${work.id}/views`);
    expect(review.json()).toEqual({ data: { counted: false } });
    expect((await workCounts(work.id)).views).toBe(0);
  });

  it('when the work does not exist, is 404; a malformed id is 400', async () => {
    expect((await browser()('POST', '/api/tfxes/2147483000/views')).statusCode).toBe(404);
    expect((await browser()('POST', '/api/tfxes/abc/views')).statusCode).toBe(400);
  });
});

/** A private PDF stored where the test app keeps uploads, as the upload route would. */
async function storedPdf(uploadedById: number | null = null) {
  const hash = randomBytes(16).toString('hex');
  const key = `private/${hash}.pdf`;
  await new LocalStorage(TEST_CONFIG.uploadDir).put(
    key,
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    'application/pdf',
  );
  const file = await createFile({
    name: 'trabajo.pdf',
    hash,
    ext: '.pdf',
    mime: 'application/pdf',
    isPrivate: true,
    storageKey: key,
    uploadedById,
  });
  const url = `/api/upload/files/${file.id}/content`;
  await (await db()).update(files).set({ url }).where(eq(files.id, file.id));
  return { ...file, url };
}

describe('GET /api/tfxes/:id/download', () => {
  it('a visitor who follows the redirect of a published work gets its PDF; of a work waiting for review, nothing', async () => {
    const file = await storedPdf();
    const work = await createWork({ fileId: file.id });
    const visitor = browser();
    const redirect = await visitor('GET', `/api/tfxes/${work.id}/download`);
    const pdf = await visitor('GET', redirect.headers.location as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);

    const author = await createStudent();
    const draft = await storedPdf(author.userId);
    await createWork({
      studentId: author.id,
      fileId: draft.id,
      review_status: 'pending',
      publishedAt: null,
    });
    expect((await visitor('GET', draft.url)).statusCode).toBe(404);
    expect((await browser(bearer(app, author.userId))('GET', draft.url)).statusCode).toBe(200);
  });

  it("counts a download once a day per visitor and redirects to the work's PDF", async () => {
    const file = await createFile({ name: 'trabajo.pdf', ext: '.pdf', mime: 'application/pdf' });
    const work = await createWork({ fileId: file.id });
    const visitor = browser();
    const first = await visitor('GET', `/api/tfxes/${work.id}/download`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(file.url);
    expect(first.headers['cache-control']).toBe('no-store');
    await visitor('GET', `/api/tfxes/${work.id}/download`);
    expect(await workCounts(work.id)).toEqual({ views: 0, downloads: 1 });
    await browser()('GET', `/api/tfxes/${work.id}/download`);
    expect((await workCounts(work.id)).downloads).toBe(2);
  });

  it('when an external work has a link and no PDF, redirects to its link', async () => {
    const work = await createWork({
      external: true,
      file_URL: 'https://repositorio.example.org/tfg/123',
    });
    const answer = await browser()('GET', `/api/tfxes/${work.id}/download`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('https://repositorio.example.org/tfg/123');
    expect((await workCounts(work.id)).downloads).toBe(1);
  });

  it('when the work has no document, is 404 and counts nothing', async () => {
    const work = await createWork();
    expect((await browser()('GET', `/api/tfxes/${work.id}/download`)).statusCode).toBe(404);
    expect((await workCounts(work.id)).downloads).toBe(0);
  });

  it('when the work waits for review, is 404 for a visitor; its author gets the PDF without counting', async () => {
    const author = await createStudent();
    const file = await createFile({ ext: '.pdf', mime: 'application/pdf', isPrivate: true });
    const work = await createWork({
      studentId: author.id,
      fileId: file.id,
      review_status: 'pending',
      publishedAt: null,
    });
    expect((await browser()('GET', `/api/tfxes/${work.id}/download`)).statusCode).toBe(404);
    const mine = await browser(bearer(app, author.userId))('GET', `/api/tfxes/${work.id}/download`);
    expect(mine.statusCode).toBe(302);
    expect((await workCounts(work.id)).downloads).toBe(0);
  });

  it('a HEAD request counts nothing', async () => {
    const file = await createFile({ ext: '.pdf', mime: 'application/pdf' });
    const work = await createWork({ fileId: file.id });
    const answer = await browser()('HEAD', `/api/tfxes/${work.id}/download`);
    expect(answer.statusCode).toBe(404);
    expect((await workCounts(work.id)).downloads).toBe(0);
  });
});

describe('POST /api/resources/:id/visits', () => {
  it('when the same visitor opens a resource twice the same day, its popularity grows by one; another visitor adds one', async () => {
    const resource = await createResource({ popularity_visits: 100 });
    const visitor = browser();
    expect((await visitor('POST', `/api/resources/${resource.id}/visits`)).statusCode).toBe(204);
    expect((await visitor('POST', `/api/resources/${resource.id}/visits`)).statusCode).toBe(204);
    expect(await resourceVisits(resource.id)).toBe(101);
    await browser()('POST', `/api/resources/${resource.id}/visits`);
    expect(await resourceVisits(resource.id)).toBe(102);
  });

  it('when the resource is unpublished, is 404 for everyone but admins, who do not count', async () => {
    const resource = await createResource({ publishedAt: null });
    expect((await browser()('POST', `/api/resources/${resource.id}/visits`)).statusCode).toBe(404);
    const student = await signedIn(app, 'student');
    expect(
      (await browser(student.headers)('POST', `/api/resources/${resource.id}/visits`)).statusCode,
    ).toBe(404);
    expect((await browser(admin)('POST', `/api/resources/${resource.id}/visits`)).statusCode).toBe(
      204,
    );
    expect(await resourceVisits(resource.id)).toBe(0);
  });

  it("one visitor's resource visit, work view and download the same day each count in their own counter", async () => {
    const resource = await createResource();
    const work = await createWork();
    const visitor = browser();
    await visitor('POST', `/api/resources/${resource.id}/visits`);
    await visitor('POST', `/api/tfxes/${work.id}/views`);
    await visitor('GET', `/api/tfxes/${work.id}/download`);
    expect(await resourceVisits(resource.id)).toBe(1);
    expect((await workCounts(work.id)).views).toBe(1);
  });
});

/** 'YYYY-MM-DD' `days` before the day given. */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function visitDaysOf(targetId: number): Promise<string[]> {
  const rows = await (
    await db()
  )
    .select({ day: libraryVisits.day })
    .from(libraryVisits)
    .where(and(eq(libraryVisits.kind, 'tfx_view'), eq(libraryVisits.targetId, targetId)))
    .orderBy(sql`${libraryVisits.day} DESC`);
  return rows.map((row) => row.day);
}

describe('the sweep of old visits (ADR 0042)', () => {
  it('the queue’s recurring sweep deletes the visits older than two days, keeps the recent ones and the counters, and is due again a day later', async () => {
    const work = await createWork({ views_count: 7 });
    const today = visitDay();
    const days = [0, 1, 2, 3, 10].map((n) => daysBefore(today, n));
    await (await db()).insert(libraryVisits).values(
      days.map((day) => ({
        kind: 'tfx_view' as const,
        targetId: work.id,
        visitor: unique('visitante').slice(0, 64),
        day,
      })),
    );
    expect(KEPT_VISIT_DAYS).toBe(2);

    // The app's worker scheduled the sweep when it started: its day has passed.
    const key = repeatKey(SWEEP_LIBRARY_VISITS);
    await (
      await db()
    )
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, key));
    await app.jobs.flush();

    expect(await visitDaysOf(work.id)).toEqual(days.slice(0, 3));
    expect((await workCounts(work.id)).views).toBe(7);
    const [job] = await (
      await db()
    )
      .select({
        status: jobs.status,
        attempts: jobs.attempts,
        result: jobs.result,
        dueIn: sql<number>`extract(epoch from (${jobs.nextAttemptAt} - now()))::float8`,
      })
      .from(jobs)
      .where(eq(jobs.key, key));
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    expect((job!.result as { deleted: number }).deleted).toBeGreaterThanOrEqual(2);
    expect(Number(job!.dueIn)).toBeGreaterThan(24 * 3600 - 60);
    expect(Number(job!.dueIn)).toBeLessThanOrEqual(24 * 3600);
  });

  it('after a sweep, a visitor already counted today is still counted once', async () => {
    const work = await createWork();
    const visitor = browser();
    await visitor('POST', `/api/tfxes/${work.id}/views`);
    expect(await sweepOldVisits(await db())).toBeGreaterThanOrEqual(0);
    await visitor('POST', `/api/tfxes/${work.id}/views`);
    expect((await workCounts(work.id)).views).toBe(1);
  });

  it('a large backlog is deleted a batch at a time, reporting after each full batch', async () => {
    const work = await createWork();
    const old = daysBefore(visitDay(), 30);
    await (
      await db()
    ).execute(
      sql`INSERT INTO ${libraryVisits} ("kind", "target_id", "visitor", "day")
          SELECT 'tfx_view', ${work.id}, 'lote-' || n, ${old}::date
          FROM generate_series(1, 12000) AS n`,
    );
    const reports: number[] = [];
    const deleted = await sweepOldVisits(await db(), {
      onBatch: async (done) => void reports.push(done),
    });
    expect(deleted).toBeGreaterThanOrEqual(12_000);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(await visitDaysOf(work.id)).toEqual([]);
  });
});
