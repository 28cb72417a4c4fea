import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleImport } from '@plataforma/shared';
import { emailOutbox, jobs, peopleImportRows, students, users } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, unique } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/upload';
import { PEOPLE_IMPORT_BATCH, peopleImportKey } from './people-import.jobs';

/**
 * Imports of people at size (ADR 0048): a file of 10,000 students, imported and imported again,
 * and an import that stops mid-way (a batch fails as a crash would) and resumes from the last
 * batch it committed, leaving whole batches and nothing twice.
 */

let app: FastifyInstance;
let admin: Record<string, string>;
/** The domains of this file's people, whose invitations it deletes when done. */
const domains: string[] = [];
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

// The worker's later files share the database: 10,000 invitations paced at 20 a second would
// still be due when their senders start, ahead of the emails those files wait for.
afterAll(async () => {
  const { db } = await getTestDatabase();
  for (const domain of domains) {
    await db.delete(emailOutbox).where(like(emailOutbox.recipient, `%@${domain}`));
  }
});

async function start(data: Buffer, query = ''): Promise<PeopleImport> {
  const form = multipart([{ data, filename: 'alumnado.csv', field: 'file' }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/imports/students${query}`,
    headers: { ...admin, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ data: PeopleImport }>().data;
}

async function follow(id: number): Promise<PeopleImport> {
  const res = await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: admin });
  return res.json<{ data: PeopleImport }>().data;
}

/** A students file of `count` rows, emails `<prefix>-<n>@<domain>`. */
function studentsFile(domain: string, count: number): Buffer {
  const lines = Array.from(
    { length: count },
    (_, i) => `persona-${i}@${domain};Persona ${i};Apellido ${i};6${String(i).padStart(8, '0')}`,
  );
  return Buffer.from(`email;nombre;apellidos;telefono\n${lines.join('\n')}\n`);
}

async function countAccounts(domain: string): Promise<number> {
  const { db } = await getTestDatabase();
  return db.$count(users, like(users.email, `%@${domain}`));
}

describe('a file of 10,000 students', () => {
  it(
    'creates 10,000 students with distinct keys, and importing it again creates none',
    { timeout: 600_000 },
    async () => {
      const domain = `${unique('masiva')}.test`;
      domains.push(domain);
      const file = studentsFile(domain, 10_000);
      const first = await start(file);
      await app.jobs.flush({ timeoutMs: 600_000 });
      expect(await follow(first.id)).toMatchObject({
        status: 'done',
        total: 10_000,
        processed: 10_000,
        created: 10_000,
        failed: 0,
      });
      expect(await countAccounts(domain)).toBe(10_000);
      const { db } = await getTestDatabase();
      const [keys] = await db
        .select({
          all: sql<number>`count(*)::int`,
          distinct: sql<number>`count(DISTINCT ${students.primaryKey})::int`,
        })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(like(users.email, `%@${domain}`));
      expect(keys).toEqual({ all: 10_000, distinct: 10_000 });
      expect(await db.$count(emailOutbox, like(emailOutbox.recipient, `%@${domain}`))).toBe(10_000);

      const second = await start(file, '?mode=skip');
      await app.jobs.flush({ timeoutMs: 600_000 });
      expect(await follow(second.id)).toMatchObject({
        status: 'done',
        processed: 10_000,
        created: 0,
        skipped: 10_000,
        failed: 0,
      });
      expect(await countAccounts(domain)).toBe(10_000);
      expect(await db.$count(emailOutbox, like(emailOutbox.recipient, `%@${domain}`))).toBe(10_000);
    },
  );
});

describe('an import that stops mid-way', () => {
  const trigger = `stop_${process.pid}`;
  afterAll(async () => {
    const { db } = await getTestDatabase();
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON up_users`));
    await db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${trigger}()`));
  });

  it(
    'leaves whole batches, then resumes after the last one committed: every row once, exact counts',
    { timeout: 300_000 },
    async () => {
      const domain = `${unique('corte')}.test`;
      domains.push(domain);
      const total = PEOPLE_IMPORT_BATCH * 2 + 200;
      const file = studentsFile(domain, total);
      // The third batch fails half-way, as a process that dies or a database that goes away would.
      const { db } = await getTestDatabase();
      const breaking = `persona-${PEOPLE_IMPORT_BATCH * 2 + 100}@${domain}`;
      await db.execute(
        sql.raw(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = '${breaking}' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`),
      );
      await db.execute(
        sql.raw(
          `CREATE TRIGGER ${trigger} BEFORE INSERT ON up_users FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
        ),
      );

      const started = await start(file);
      await app.jobs.flush();
      const stopped = await follow(started.id);
      expect(stopped).toMatchObject({
        status: 'running',
        total,
        processed: PEOPLE_IMPORT_BATCH * 2,
        created: PEOPLE_IMPORT_BATCH * 2,
        failed: 0,
      });
      expect(await countAccounts(domain)).toBe(PEOPLE_IMPORT_BATCH * 2);
      expect(await db.$count(peopleImportRows, eq(peopleImportRows.importId, started.id))).toBe(
        PEOPLE_IMPORT_BATCH * 2,
      );
      const [job] = await db
        .select()
        .from(jobs)
        .where(eq(jobs.key, peopleImportKey(started.id)));
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toMatch(/^Error: Failed query: insert into "up_users"/i);

      // The cause is gone; the retry comes due and resumes at the third batch.
      await db.execute(sql.raw(`DROP TRIGGER ${trigger} ON up_users`));
      await db.update(jobs).set({ nextAttemptAt: new Date() }).where(eq(jobs.id, job!.id));
      await app.jobs.flush();
      const done = await follow(started.id);
      expect(done).toMatchObject({
        status: 'done',
        processed: total,
        created: total,
        skipped: 0,
        failed: 0,
        failures: [],
      });
      expect(await countAccounts(domain)).toBe(total);
      const rows = await db
        .select({ row: peopleImportRows.row })
        .from(peopleImportRows)
        .where(eq(peopleImportRows.importId, started.id));
      expect(new Set(rows.map((r) => r.row)).size).toBe(total);
      // One invitation each, none twice.
      const invited = await db
        .select({ recipient: emailOutbox.recipient, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(like(emailOutbox.recipient, `%@${domain}`))
        .groupBy(emailOutbox.recipient);
      expect(invited).toHaveLength(total);
      expect(invited.every((r) => r.n === 1)).toBe(true);
      expect(await db.$count(users, inArray(users.email, [breaking]))).toBe(1);
    },
  );
});
