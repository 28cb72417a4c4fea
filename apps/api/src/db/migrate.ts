import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';
import { ensureChangeTriggers } from './change-feed';

/**
 * The committed SQL migrations. Next to this module in the source tree (src/db/migrations) and next
 * to the bundle in a build (dist/migrations), so the same relative URL serves both.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies pending migrations; safe to call from several processes at once. */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR) {
  await handle.withMigrationLock(async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
    await ensureChangeTriggers(handle.db);
  });
}
