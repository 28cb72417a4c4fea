import { join } from 'node:path';
import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
});
try {
  await migrateDatabase(database);
  process.stdout.write(`Migraciones aplicadas (${database.kind}).\n`);
} finally {
  await database.close();
}
