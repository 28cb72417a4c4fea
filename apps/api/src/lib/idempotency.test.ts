import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';
import { outboxTo, uniqueEmail } from '../../test/helpers/email';
import {
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../test/helpers/factories';
import {
  announcements,
  applys,
  communicationCenters,
  idempotencyKeys,
  jobs,
  questionnaireAnswers,
} from '../db/schema';
import { repeatKey } from './jobs';
import {
  IDEMPOTENCY_MESSAGES,
  PURGE_IDEMPOTENCY_KEYS,
  canonicalJson,
  purgeIdempotencyKeys,
} from './idempotency';

/**
 * `Idempotency-Key` (ADR 0068): a POST sent again with the same key by the same account answers
 * the first answer (status, body, `Idempotent-Replayed: true`) and writes nothing more; the same
 * key for another request is 422; keys are per account and ignored for visitors; a request
 * without the header behaves as before. Applications go through the generic create; the custom
 * routes that create things people retry (communications, announcements) follow; uploads have
 * their own file (upload.idempotency.test.ts).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const db = async () => (await getTestDatabase()).db;
const REPLAYED = 'idempotent-replayed';

type Headers = Record<string, string>;

function post(url: string, headers: Headers, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A published project and a student of their own, signed in. */
async function scenario() {
  const teacher = await createTeacher();
  const project = await createProject({
    title: unique('Huertos urbanos'),
    organizationId: (await createOrganization()).id,
    teacherId: teacher.id,
  });
  const student = await signedIn(app, 'student');
  const studentRow = await createStudent({ userId: student.user.id });
  const application = (data: Record<string, unknown> = {}) => ({
    data: {
      student: studentRow.id,
      project: project.id,
      CV_url: 'https://cv.example.es/ana.pdf',
      interest: 'El impacto en el barrio',
      motivation: 'Quiero aprender',
      availability: 'Tardes',
      ...data,
    },
  });
  const apply = (key?: string, data: Record<string, unknown> = {}) =>
    post('/api/applys', student.headers, application(data), key);
  return { project, student, studentRow, application, apply };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

async function applicationsOf(s: Scenario) {
  return (await db())
    .select({ id: applys.id })
    .from(applys)
    .where(and(eq(applys.studentId, s.studentRow.id), eq(applys.projectId, s.project.id)));
}

async function entriesOf(s: Scenario) {
  return (await db())
    .select({ id: communicationCenters.id })
    .from(communicationCenters)
    .where(eq(communicationCenters.studentId, s.studentRow.id));
}

async function keysOf(userId: number) {
  return (await db()).select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}

const key = () => `clave-${unique()}-${Math.random().toString(36).slice(2)}`;

function expectReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers[REPLAYED]).toBe('true');
  expect(again.body).toBe(first.body);
}

describe('the generic create (POST /api/applys)', () => {
  it('when a student sends the same application twice with one key, the second answers the first (200, same body, Idempotent-Replayed) and nothing is written twice', async () => {
    const s = await scenario();
    const k = key();
    const first = await s.apply(k);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[REPLAYED]).toBeUndefined();

    const again = await s.apply(k);
    expectReplayOf(again, first);
    expect(await applicationsOf(s)).toHaveLength(1);
    expect(await outboxTo(s.student.user.email)).toHaveLength(1);
    expect(await entriesOf(s)).toHaveLength(1);
    const [stored] = await keysOf(s.student.user.id);
    expect(stored).toMatchObject({ key: k, status: 200, body: first.body });
  });

  it('when the same application is sent five times at once with one key, one application is written and every answer is the same', async () => {
    const s = await scenario();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.apply(k)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(answers.filter((a) => a.headers[REPLAYED] === 'true')).toHaveLength(4);
    expect(await applicationsOf(s)).toHaveLength(1);
    expect(await outboxTo(s.student.user.email)).toHaveLength(1);
    expect(await entriesOf(s)).toHaveLength(1);
    expect(await keysOf(s.student.user.id)).toHaveLength(1);
  });

  it('when the key is sent again with another body or to another address, it is 422 in the Strapi shape with the Spanish reason, and nothing is written', async () => {
    const s = await scenario();
    const k = key();
    expect((await s.apply(k)).statusCode).toBe(200);

    const otherBody = await s.apply(k, { motivation: 'Otra motivación' });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.headers['content-language']).toBe('es');
    expect(otherBody.headers[REPLAYED]).toBeUndefined();
    expect(otherBody.json()).toEqual({
      data: null,
      error: {
        status: 422,
        name: 'UnprocessableEntityError',
        message: IDEMPOTENCY_MESSAGES.otherRequest,
        details: { header: 'Idempotency-Key' },
      },
    });

    const otherPath = await post(
      '/api/questionnaire-answers',
      s.student.headers,
      { data: { answers: { 'flexibility.1': 3 } } },
      k,
    );
    expect(otherPath.statusCode).toBe(422);
    expect(await applicationsOf(s)).toHaveLength(1);
    expect(await outboxTo(s.student.user.email)).toHaveLength(1);
  });

  it('when the same body comes with its keys in another order, it is the same request', async () => {
    const s = await scenario();
    const k = key();
    const first = await s.apply(k);
    const body = s.application();
    const reversed = { data: Object.fromEntries(Object.entries(body.data).reverse()) };
    const again = await post('/api/applys', s.student.headers, reversed, k);
    expectReplayOf(again, first);
    expect(canonicalJson(reversed)).toBe(canonicalJson(body));
  });

  it('when two students use the same key, each gets their own application', async () => {
    const [one, two] = [await scenario(), await scenario()];
    const k = key();
    const first = await one.apply(k);
    const second = await two.apply(k);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers[REPLAYED]).toBeUndefined();
    expect(second.json<{ data: { id: number } }>().data.id).not.toBe(
      first.json<{ data: { id: number } }>().data.id,
    );
    expect(await applicationsOf(one)).toHaveLength(1);
    expect(await applicationsOf(two)).toHaveLength(1);
  });

  it('without the header nothing changes: a second application is 400 "Ya te has inscrito", and nothing is kept', async () => {
    const s = await scenario();
    expect((await s.apply()).statusCode).toBe(200);
    const again = await s.apply();
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'Ya te has inscrito en este proyecto',
    );
    expect(again.headers[REPLAYED]).toBeUndefined();
    expect(await keysOf(s.student.user.id)).toHaveLength(0);
  });

  it('when the first request failed, nothing is kept under its key: the corrected request with the same key is written', async () => {
    const s = await scenario();
    const k = key();
    const refused = await s.apply(k, { CV_url: undefined });
    expect(refused.statusCode).toBe(400);
    expect(await keysOf(s.student.user.id)).toHaveLength(0);
    const corrected = await s.apply(k);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers[REPLAYED]).toBeUndefined();
    expect(await applicationsOf(s)).toHaveLength(1);
  });

  it('when the key is empty, longer than 255 characters or not printable ASCII, it is 400 with the Spanish reason and nothing is written', async () => {
    const s = await scenario();
    for (const bad of ['', 'x'.repeat(256), 'clave-ñandú']) {
      const res = await s.apply(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const body = res.json<{ error: { name: string; message: string } }>();
      expect(body.error).toMatchObject({
        name: 'ValidationError',
        message: IDEMPOTENCY_MESSAGES.badKey,
      });
    }
    expect(await applicationsOf(s)).toHaveLength(0);
    // 255 printable characters, spaces and symbols included, are a key.
    const longest = `${' !~'.repeat(85)}`;
    expect(longest).toHaveLength(255);
    expect((await s.apply(longest)).statusCode).toBe(200);
  });

  it('when a key is older than 24 hours, it answers nothing any more: the request is a new one', async () => {
    const s = await scenario();
    const k = key();
    expect((await s.apply(k)).statusCode).toBe(200);
    await (
      await db()
    )
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, s.student.user.id));
    const again = await s.apply(k);
    // A new request: the application rule answers, not the old answer.
    expect(again.statusCode).toBe(400);
    expect(again.headers[REPLAYED]).toBeUndefined();
  });
});

describe('visitors', () => {
  async function answersOf(email: string) {
    const [row] = await (
      await db()
    )
      .select({ n: count() })
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.email, email));
    return row?.n;
  }

  it('when a visitor sends a key, it is ignored (even a malformed one): each request is written', async () => {
    const email = uniqueEmail('visitante');
    const body = { data: { answers: { 'flexibility.1': 3 }, email } };
    for (const k of ['visitante-1', 'visitante-1', 'x'.repeat(300)]) {
      const res = await post('/api/questionnaire-answers', {}, body, k);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[REPLAYED]).toBeUndefined();
    }
    expect(await answersOf(email)).toBe(3);
  });
});

describe('the communication calls', () => {
  it('when an admin sends the same invitation twice with one key, one email is queued and the second answer is the first, replayed', async () => {
    const admin = await signedIn(app, 'admin');
    const to = uniqueEmail('invitada');
    const k = key();
    const url = '/api/communication/inviteStudent';
    const first = await post(url, admin.headers, { email: to }, k);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    const again = await post(url, admin.headers, { email: to }, k);
    expectReplayOf(again, first);
    expect(await outboxTo(to)).toHaveLength(1);

    const other = await post(url, admin.headers, { email: uniqueEmail('otra') }, k);
    expect(other.statusCode).toBe(422);

    // Without a key, as before: each call queues its email.
    await post(url, admin.headers, { email: to });
    expect(await outboxTo(to)).toHaveLength(2);
  });
});

describe('the invitation resend', () => {
  it('when an admin resends an invitation twice with one key, one email is queued and the second answers the first', async () => {
    const admin = await signedIn(app, 'admin');
    const person = await createUser({ password: null, profileType: 'student' });
    const url = `/api/users/${person.id}/invitation`;
    const k = key();
    const first = await post(url, admin.headers, undefined, k);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(url, admin.headers, undefined, k);
    expectReplayOf(again, first);
    expect(await outboxTo(person.email)).toHaveLength(1);
  });
});

describe('announcements', () => {
  it('when an admin sends the same announcement twice with one key, one is created and the second answers 201 with the first', async () => {
    const admin = await signedIn(app, 'admin');
    const subject = unique('Aviso');
    const body = {
      data: {
        subject,
        message: '<p>Mañana no hay tutoría</p>',
        audience: { id: { $eq: 0 } },
        sendAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      },
    };
    const k = key();
    const first = await post('/api/announcements', admin.headers, body, k);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/announcements', admin.headers, body, k);
    expectReplayOf(again, first);
    const rows = await (
      await db()
    )
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.subject, subject));
    expect(rows).toHaveLength(1);
    // The answer carries the delivery read in the write's transaction.
    expect(
      first.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes,
    ).toMatchObject({
      subject,
      emailsPending: 0,
      entriesRead: 0,
    });
  });
});

describe('the purge of old keys', () => {
  const stored = (userId: number, name: string) => ({
    userId,
    key: name,
    fingerprint: 'f'.repeat(64),
    status: 200,
    body: '{}',
  });

  it('deletes the keys older than 24 hours and keeps the others; it is a recurring job due again in an hour', async () => {
    const person = await signedIn(app, 'student');
    const d = await db();
    await d.insert(idempotencyKeys).values([
      { ...stored(person.user.id, 'vieja'), createdAt: sql`now() - interval '25 hours'` },
      { ...stored(person.user.id, 'reciente'), createdAt: sql`now() - interval '23 hours'` },
    ]);

    // The app's worker scheduled the purge when it started: make it due now.
    const jobKey = repeatKey(PURGE_IDEMPOTENCY_KEYS);
    await d
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, jobKey));
    await app.jobs.flush();

    expect((await keysOf(person.user.id)).map((k) => k.key)).toEqual(['reciente']);
    const [job] = await d
      .select({
        status: jobs.status,
        result: jobs.result,
        dueIn: sql<number>`extract(epoch from (${jobs.nextAttemptAt} - now()))::float8`,
      })
      .from(jobs)
      .where(eq(jobs.key, jobKey));
    expect(job).toMatchObject({ status: 'pending' });
    expect((job!.result as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    expect(Number(job!.dueIn)).toBeGreaterThan(3_600 - 60);
    expect(Number(job!.dueIn)).toBeLessThanOrEqual(3_600);
  });

  it('a large backlog is deleted a batch at a time', async () => {
    const person = await signedIn(app, 'student');
    const d = await db();
    await d.execute(
      sql`INSERT INTO "idempotency_keys" ("user_id", "key", "fingerprint", "status", "body", "created_at")
          SELECT ${person.user.id}, 'lote-' || n, repeat('f', 64), 200, '{}', now() - interval '2 days'
          FROM generate_series(1, 6000) AS n`,
    );
    const reports: number[] = [];
    expect(
      await purgeIdempotencyKeys(d, { onBatch: async (done) => void reports.push(done) }),
    ).toBeGreaterThanOrEqual(6_000);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(await keysOf(person.user.id)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the header, its 422 and that visitors’ keys are ignored on every route that honours it', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; description?: string }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    }>();
    const routes = [
      '/api/applys',
      '/api/questionnaire-answers',
      '/api/upload',
      '/api/announcements',
      '/api/communication/inviteStudent',
      '/api/communication/confirmApply',
      '/api/users/{id}/invitation',
    ];
    for (const path of routes) {
      const operation = doc.paths[path]?.post;
      const header = operation?.parameters?.find(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      expect(header?.description, path).toContain('a visitor');
      expect(Object.keys(operation?.responses ?? {}), path).toContain('422');
    }
  });
});
