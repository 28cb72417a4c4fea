import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { withDatabase } from '../global-setup';

let handle: Promise<DatabaseHandle> | undefined;

/**
 * The database of this test worker, created on first use and shared by every file the worker runs
 * (the api project runs with isolate: false). PGlite in memory by default; a clone of the migrated
 * template on PostgreSQL when TEST_DATABASE_URL is set.
 */
export function getTestDatabase(): Promise<DatabaseHandle> {
  handle ??= openWorkerDatabase();
  return handle;
}

async function openWorkerDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  // Named after the run's template so concurrent runs keep apart (global-setup.ts).
  const name = `${inject('templateDatabase').replace(/template$/, '')}w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  } finally {
    await admin.end();
  }
  return openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
}

/** Which database the suite runs on, for the rare test whose expectation depends on it. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A migrated database of its own, for the rare test the shared one cannot serve: what holds only
 * while a table is empty (no administrator yet, ADR 0064). In-memory PGlite, or with
 * TEST_DATABASE_URL a clone of the run's template (`url`), dropped by `dispose`.
 */
export async function openFreshDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string | undefined;
  dispose(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const fresh = await openDatabase({});
    await migrateDatabase(fresh);
    return { handle: fresh, url: undefined, dispose: () => fresh.close() };
  }
  // `vt_<pid>_`: another run's global setup drops it once this process is gone.
  const name = `vt_${process.pid}_fresh_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const databaseUrl = withDatabase(url, name);
  const fresh = await openDatabase({ databaseUrl, poolSize: 3 });
  return {
    handle: fresh,
    url: databaseUrl,
    async dispose() {
      await fresh.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
