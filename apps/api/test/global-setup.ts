import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

/**
 * On PostgreSQL (TEST_DATABASE_URL set) the run migrates one template database; each worker then
 * clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Every database of a run is
 * named after the run's process, so runs side by side never touch each other's; this run's are
 * dropped on teardown, and those of runs whose process is gone (crashed) at the start.
 */
const RUN_PREFIX = `vt_${process.pid}_`;
export const TEMPLATE_DB = `${RUN_PREFIX}template`;

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await dropDatabases(admin, (name) => !isAlive(runPid(name)));
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
  try {
    await migrateDatabase(template);
  } finally {
    await template.close();
  }
  project.provide('templateDatabase', TEMPLATE_DB);

  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await dropDatabases(client, (name) => name.startsWith(RUN_PREFIX));
    } finally {
      await client.end();
    }
  };
}

/** The pid of the run that made a test database (`vt_<pid>_...`), or 0 for other names. */
function runPid(name: string): number {
  return Number(/^vt_(\d+)_/.exec(name)?.[1] ?? 0);
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropDatabases(client: pg.Client, shouldDrop: (name: string) => boolean) {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'vt\\_%'`,
  );
  for (const { datname } of rows) {
    if (shouldDrop(datname))
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
