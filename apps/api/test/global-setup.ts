import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

/**
 * On PostgreSQL (TEST_DATABASE_URL set) the run migrates one template database; each worker then
 * clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Databases of earlier runs are
 * dropped first and this run's on teardown.
 */
export const TEMPLATE_DB = 'vt_template';
const RUN_PREFIX = 'vt_';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await dropRunDatabases(admin);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
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
      await dropRunDatabases(client);
    } finally {
      await client.end();
    }
  };
}

async function dropRunDatabases(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1`,
    [`${RUN_PREFIX}%`],
  );
  for (const { datname } of rows) {
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
