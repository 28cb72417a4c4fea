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
