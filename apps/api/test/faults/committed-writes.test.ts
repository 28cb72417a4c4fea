import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client';
import { applys, students, users } from '../../src/db/schema';
import { TEST_CONFIG } from '../helpers/app';
import { getTestDatabase, onPostgres } from '../helpers/db';
import { faultyDatabase, type FaultyDatabase } from '../helpers/faulty-database';
import {
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  signedIn,
  unique,
} from '../helpers/factories';
import { send } from '../helpers/http';

/**
 * A write that committed answers success (ADR 0068): its answer is read on the transaction's own
 * connection before the commit, and what follows the commit (telling the caches, waking the mail
 * sender, a lifecycle's callbacks) is logged when it fails, never answered. Before, the answer was
 * read on a fresh connection after the commit: with the pool exhausted it waited 5 s and the
 * client got 503 for an application that existed, its emails queued.
 */

const APPLY_UID = 'api::apply.apply';
/** The node-postgres pool behind a handle (PostgreSQL only). */
const poolOf = (database: Database) => (database as unknown as { $client: pg.Pool }).$client;
const db = async () => (await getTestDatabase()).db;

/** A published project and a student of their own, signed in on `app`. */
async function applicationScenario(app: FastifyInstance) {
  const teacher = await createTeacher();
  const project = await createProject({
    title: unique('Huertos urbanos'),
    organizationId: (await createOrganization()).id,
    teacherId: teacher.id,
  });
  const student = await signedIn(app, 'student');
  const studentRow = await createStudent({ userId: student.user.id });
  const apply = () =>
    send(app, 'POST', '/api/applys', {
      headers: student.headers,
      payload: {
        data: {
          student: studentRow.id,
          project: project.id,
          CV_url: 'https://cv.example.es/ana.pdf',
          interest: 'El impacto en el barrio',
          motivation: 'Quiero aprender',
          good_candidate: 'He trabajado en una cooperativa',
          availability: 'Tardes',
        },
      },
    });
  return { project, student, studentRow, apply };
}

async function applicationsOf(studentId: number, projectId: number) {
  return (await db())
    .select({ id: applys.id })
    .from(applys)
    .where(and(eq(applys.studentId, studentId), eq(applys.projectId, projectId)));
}

describe('a write whose answer cannot be read on another connection after its commit', () => {
  let app: FastifyInstance;
  let faulty: FaultyDatabase;

  beforeAll(async () => {
    faulty = faultyDatabase(await db());
    app = await buildApp({ config: TEST_CONFIG, db: faulty.db, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    faulty.heal();
    await app.close();
  });

  const lostConnection = async () => faulty.db.execute(sql`SELECT 1`);

  it('when a student applies and every connection is lost right after the commit, the application is answered 200 with its entry', async () => {
    const s = await applicationScenario(app);
    faulty.failAfterCommitTo('applys');
    const res = await s.apply();
    // The fault held after the commit: a statement on a connection of its own fails.
    await expect(lostConnection()).rejects.toThrow('timeout exceeded when trying to connect');
    faulty.heal();

    expect(res.status, res.text).toBe(200);
    const [row] = await applicationsOf(s.studentRow.id, s.project.id);
    expect(res.body.data.id).toBe(row?.id);
    expect(res.body.data.attributes).toMatchObject({
      status: 'Enviada',
      interest: 'El impacto en el barrio',
    });
  });

  it('when a student updates their record through the engine and the connections go after the commit, it is answered 200 with the change', async () => {
    const s = await applicationScenario(app);
    faulty.failAfterCommitTo('students');
    const res = await send(app, 'PUT', `/api/students/user/${s.student.user.id}`, {
      headers: s.student.headers,
      payload: { data: { province: 'Murcia' } },
    });
    await expect(lostConnection()).rejects.toThrow('timeout exceeded when trying to connect');
    faulty.heal();

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.province).toBe('Murcia');
    const [row] = await (
      await db()
    )
      .select({ province: students.province })
      .from(students)
      .where(eq(students.id, s.studentRow.id));
    expect(row?.province).toBe('Murcia');
  });

  it('when a person changes their own account (a custom route) and the connections go after the commit, it is answered 200 with the account', async () => {
    const person = await signedIn(app, 'student');
    faulty.failAfterCommitTo('up_users');
    const res = await send(app, 'PUT', '/api/user/me', {
      headers: person.headers,
      payload: { name: 'Lucía' },
    });
    await expect(lostConnection()).rejects.toThrow('timeout exceeded when trying to connect');
    faulty.heal();

    expect(res.status, res.text).toBe(200);
    expect((res.body as unknown as { id: number; name: string }).name).toBe('Lucía');
    const [row] = await (
      await db()
    )
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, person.user.id));
    expect(row?.name).toBe('Lucía');
  });
});

describe('work after the commit that fails', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: TEST_CONFIG,
      db: await db(),
      logger: pino({ level: 'error' }, stream),
    });
    // A callback meant for after the commit that throws, and one whose promise rejects.
    app.entities.registry.addLifecycles(APPLY_UID, {
      async afterCreate(event) {
        event.afterCommit(() => {
          throw new Error('la campana no suena');
        });
        event.afterCommit(() => Promise.reject(new Error('el cartero se perdió')));
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('when the caches cannot be told and the hooks’ callbacks throw, the committed application is still answered 200, and each failure is logged', async () => {
    const invalidate = vi.spyOn(app.responseCache, 'invalidate').mockImplementation(() => {
      throw new Error('la caché no contesta');
    });
    try {
      const s = await applicationScenario(app);
      const res = await s.apply();
      expect(res.status, res.text).toBe(200);
      const [row] = await applicationsOf(s.studentRow.id, s.project.id);
      expect(res.body.data.id).toBe(row?.id);
      expect(invalidate).toHaveBeenCalled();
    } finally {
      invalidate.mockRestore();
    }
    // The rejected promise is logged when it settles.
    await vi.waitFor(() => expect(lines.join('')).toContain('el cartero se perdió'));
    const logged = lines.join('');
    expect(logged).toContain('la caché no contesta');
    expect(logged).toContain('la campana no suena');
    expect(logged).toContain('after a commit');
  });
});

/**
 * PostgreSQL, for real: an app whose pool is taken whole right after the commit (as a crowd of
 * requests takes it on deadline day). The engine's answer needs no connection of its own.
 */
const onPg = onPostgres ? describe : describe.skip;

onPg('a write when the pool is exhausted right after its commit (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const held: Promise<pg.PoolClient>[] = [];

  beforeAll(async () => {
    const shared = poolOf(await db());
    // The worker's own database, through a pool of two connections.
    handle = await openDatabase({
      databaseUrl: shared.options.connectionString,
      poolSize: 2,
    });
    app = await buildApp({ config: TEST_CONFIG, db: handle.db, logger: false });
    const pool = poolOf(handle.db);
    app.entities.registry.addLifecycles(APPLY_UID, {
      async afterCreate(event) {
        // Called first thing after the commit: every connection is taken before anything else
        // of the request can ask for one.
        event.afterCommit(() => {
          for (let i = 0; i < (pool.options.max ?? 2); i++) held.push(pool.connect());
        });
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    for (const client of await Promise.all(held)) client.release();
    await app.close();
    await handle.close();
  });

  it('when a student applies and the pool is exhausted as the transaction commits, the application is answered 200 at once', async () => {
    const s = await applicationScenario(app);
    const started = Date.now();
    const res = await s.apply();
    expect(res.status, res.text).toBe(200);
    // Not after the 5 s a connection is waited for.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(held.length).toBe(2);
    const [row] = await applicationsOf(s.studentRow.id, s.project.id);
    expect(res.body.data.id).toBe(row?.id);
  });
});
