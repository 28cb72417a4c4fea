import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { MIGRATIONS_DIR, migrateDatabase, type MigrationOutcome } from '../src/db/migrate';
import { TEST_CONFIG } from './helpers/app';
import { withDatabase } from './global-setup';

/*
 * An installation of the previous release upgrades to this one (ADR 0067): the database that
 * release leaves behind (test/fixtures/upgrade/, made by scripts/upgrade-fixture.ts, with rows in
 * every table) is restored into an empty database, migrated to the current schema, and used as
 * people use it. A migration that cannot run on a populated database fails here. On the embedded
 * database by default, on PostgreSQL in CI's second pass (TEST_DATABASE_URL).
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'upgrade');
const DEMO_PASSWORD = 'Demostracion2026';

/** The one dump kept: the previous release's. */
function previousRelease(): { name: string; sql: string } {
  const [file, ...more] = readdirSync(FIXTURES).filter((name) => name.endsWith('.sql.gz'));
  if (!file || more.length > 0) throw new Error(`expected one dump in ${FIXTURES}`);
  const text = gunzipSync(readFileSync(join(FIXTURES, file))).toString('utf8');
  // pg_dump's psql meta-commands (\restrict, \unrestrict) are not SQL.
  return { name: file, sql: text.replace(/^\\.*$/gm, '') };
}

const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

let handle: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;
let app: FastifyInstance;
let outcome: MigrationOutcome;
let tablesBefore: Map<string, number>;

async function rowCounts(db: DatabaseHandle['db']): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    SELECT tablename AS "table",
           (xpath('/row/c/text()', query_to_xml(
              format('SELECT count(*) AS c FROM %I.%I', schemaname, tablename),
              false, true, '')))[1]::text::bigint AS rows
      FROM pg_tables WHERE schemaname = 'public'`)) as { rows: { table: string; rows: string }[] };
  return new Map(result.rows.map((r) => [r.table, Number(r.rows)]));
}

beforeAll(async () => {
  const dump = previousRelease();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // Named after the run's template, so the run's teardown drops it too (global-setup.ts).
    const name = `${inject('templateDatabase').replace(/template$/, '')}upgrade`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const restore = new pg.Client({ connectionString: withDatabase(url, name) });
    await restore.connect();
    await restore.query(dump.sql);
    await restore.end();
    handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 3 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({});
    const client = (handle.db as unknown as { $client: { exec(sql: string): Promise<unknown> } })
      .$client;
    await client.exec(dump.sql);
    // The dump empties the session's search_path for its own statements.
    await client.exec('RESET search_path');
  }
  tablesBefore = await rowCounts(handle.db);
  outcome = await migrateDatabase(handle);
  app = await buildApp({ config: TEST_CONFIG, db: handle.db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await dropDatabase?.();
});

async function signIn(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier: email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ jwt: string }>().jwt;
}

const get = async (url: string, jwt?: string) => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
  });
  expect([url, res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([url, 200, '']);
  return res.json<Record<string, unknown> & { data?: unknown }>();
};

describe('the previous release’s database, upgraded', () => {
  it('had rows in every table, and every migration the release lacked is applied on it', () => {
    expect(tablesBefore.size).toBeGreaterThan(40);
    expect([...tablesBefore].filter(([, rows]) => rows === 0)).toEqual([]);
    expect(outcome.before).toBeGreaterThan(0);
    expect(outcome.before + outcome.applied).toBe(journalEntries());
  });

  it('keeps every table and its rows', async () => {
    const after = await rowCounts(handle.db);
    const lost = [...tablesBefore].filter(([table, rows]) => (after.get(table) ?? 0) < rows);
    expect(lost).toEqual([]);
  });

  it('serves its people: sign-in, the catalogue, a project, the library, the bell, a change of their own', async () => {
    const jwt = await signIn('estudiante@demo.es');
    const me = await get('/api/users/me', jwt);
    expect(me.email).toBe('estudiante@demo.es');

    const projects = await get('/api/projects?pagination[pageSize]=5&sort=id:asc');
    const first = (projects.data as { id: number }[])[0];
    expect(first).toBeDefined();
    await get(`/api/projects/${first!.id}?populate=*`);
    await get('/api/projects/search?q=proyecto', jwt);
    await get('/api/projects/recommended', jwt);
    await get('/api/tfxes/search?q=trabajo');
    await get('/api/communication-centers/unread-count', jwt);

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { name: 'Lucía Actualizada' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/users/me', jwt)).name).toBe('Lucía Actualizada');
  });

  it('serves its admins: the administration home, the people, the reports', async () => {
    const jwt = await signIn('admin@demo.es');
    await get('/api/admin/overview', jwt);
    await get('/api/reports/overview', jwt);
    await get('/api/users?pagination[pageSize]=5', jwt);
    await get('/api/admin/outbox', jwt);
  });
});
