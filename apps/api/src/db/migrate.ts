import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './client';
import { ensureChangeTriggers } from './change-feed';

/**
 * The committed SQL migrations. Next to this module in the source tree (src/db/migrations) and next
 * to the bundle in a build (dist/migrations), so the same relative URL serves both.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrationOutcome {
  /** Migrations recorded before this run (0 for a new database). */
  before: number;
  /** Migrations this run applied. */
  applied: number;
}

/**
 * Applies pending migrations; safe to call from several processes at once. Says how many it
 * applied, counted in drizzle's own journal table (`drizzle.__drizzle_migrations`), so an operator
 * can tell an upgrade that changed the schema from one that did not (docs/operations.md).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<MigrationOutcome> {
  return handle.withMigrationLock(async () => {
    const before = await appliedMigrations(handle.db);
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
    await ensureChangeTriggers(handle.db);
    return { before, applied: (await appliedMigrations(handle.db)) - before };
  });
}

/** The migrations the database records as applied; 0 before the first. */
async function appliedMigrations(db: Database): Promise<number> {
  // Two statements: PostgreSQL resolves every table a statement names before running it.
  const exists = (await db.execute(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  )) as { rows: { exists: boolean }[] };
  if (!exists.rows[0]?.exists) return 0;
  const counted = (await db.execute(
    sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`,
  )) as { rows: { count: number | string }[] };
  return Number(counted.rows[0]?.count ?? 0);
}
