import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` holding a session-level lock so concurrent processes migrate one at a time. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Subscribes to the committed writes of every table (for caches). */
  openChangeFeed(onError: (error: unknown) => void): Promise<ChangeFeed>;
  close(): Promise<void>;
}

/**
 * PGlite result parsing: dates stay 'YYYY-MM-DD' strings (no time-zone shift), numerics and bigints
 * become numbers. (Drizzle's node-postgres session parses per query; the engine normalises values
 * of either driver when it serialises.)
 */
const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (v) => Number.parseInt(v, 10), // int8
  1700: (v) => Number.parseFloat(v), // numeric
  1082: (v) => v, // date
};

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

/** Opens the configured database. Callers own the handle and must close it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ? join(dir) : undefined, {
    extensions: { pg_trgm, unaccent },
    parsers: TYPE_PARSERS,
  });
  // Timestamps come back as text in the session time zone: keep it UTC everywhere.
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection inside this process: there is nobody to race with.
    withMigrationLock: (fn) => fn(),
    openChangeFeed: () => pgliteChangeFeed(client),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Recycled now and then, which also frees the statements prepared on each (statements.ts).
    maxUses: 20_000,
    // Timestamps come back as text in the session time zone: keep it UTC everywhere.
    options: '-c TimeZone=UTC',
  });
  // A connection that dies while idle must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    openChangeFeed: (onError) => postgresChangeFeed(url, onError),
    close: () => pool.end(),
  };
}

/** Checks the database answers; used by /readyz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
