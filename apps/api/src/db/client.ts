import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { setGenericPlanPool } from './statements';
import { lockDataDir } from './data-dir-lock';
import { PGliteThread } from './pglite-thread';

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

/**
 * The embedded database, in a thread of its own (ADR 0058): on disk for the server, the seed and
 * migrations; in memory for tests, which so run the same path.
 */
async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  // One process per folder: a second one would serve its own copy and lose writes (ADR 0053).
  const unlock = dir ? lockDataDir(dir) : () => undefined;
  let client: PGliteThread;
  try {
    client = await PGliteThread.open(dir ? join(dir) : undefined);
  } catch (error) {
    unlock();
    throw error;
  }
  // Drizzle's PGlite driver takes the thread's client as it takes PGlite (the same interface).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single session for the whole process: there is nobody to race with.
    withMigrationLock: (fn) => fn(),
    openChangeFeed: () => pgliteChangeFeed(client),
    close: () => client.close().finally(unlock),
  };
}

/**
 * A request waits at most this long for a connection (a server that does not answer, a full
 * pool): then it fails, and is answered 503 (db/failures.ts), instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A connection lent out by the pool has no 'error' listener of its own: when the server ends it
 * between two statements (pg_terminate_backend, a restart, a failover), node-postgres emits
 * "Connection terminated unexpectedly" on it, and an 'error' nobody listens to ends the process.
 * The statement in flight fails by itself (and its request is answered 503); the event is only
 * noted here, and the pool discards the connection when it comes back (ADR 0053).
 */
function keepAliveOnLostConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}

/** The server and database of a connection string, without its credentials (for logs). */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Recycled now and then, which also frees the statements prepared on each (statements.ts).
    maxUses: 20_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Timestamps come back as text in the session time zone: keep it UTC everywhere.
    options: '-c TimeZone=UTC',
  });
  // A connection that dies while idle must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  keepAliveOnLostConnections(pool);
  // The few statements planned once for any parameters have their own sessions (statements.ts).
  const genericPool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    maxUses: 20_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: '-c TimeZone=UTC -c plan_cache_mode=force_generic_plan',
  });
  genericPool.on('error', () => undefined);
  keepAliveOnLostConnections(genericPool);
  setGenericPlanPool(pool, genericPool);
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
    close: () => Promise.all([pool.end(), genericPool.end()]).then(() => undefined),
  };
}

/** Checks the database answers; used by /readyz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
