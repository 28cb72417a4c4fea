import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoDataIfEmpty } from './demo';

/** `npm run seed`: migrates and loads the demo data into an empty database. */
const log = pino({ level: 'info' });
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
});
try {
  await migrateDatabase(database);
  const seeded = await seedDemoDataIfEmpty(database.db, log);
  log.info(seeded ? 'demo data loaded' : 'the database already has data: demo data not loaded');
} finally {
  await database.close();
}
