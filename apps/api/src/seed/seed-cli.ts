import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createStorage } from '../lib/storage';
import { seedDemoDataIfEmpty } from './demo';
import { MAX_SCALE, seedScale } from './scale';

/**
 * `npm run seed [-- --scale N]`: migrates, loads the demo data into an empty database and, with
 * --scale, adds a batch of volume data proportional to N (N = 100: 100k students, 10k projects,
 * 250k applications, 1M notifications).
 */
const USAGE = `Uso: npm run seed [-- --scale N]   (N entero de 1 a ${MAX_SCALE})`;

function parseScale(): number | undefined {
  const { values } = parseArgs({
    options: { scale: { type: 'string', short: 's' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.scale === undefined) return undefined;
  const n = Number(values.scale);
  if (!/^\d+$/.test(values.scale) || n < 1 || n > MAX_SCALE) {
    throw new Error(`--scale no válido: "${values.scale}".`);
  }
  return n;
}

const log = pino({ level: 'info' });
let scale: number | undefined;
try {
  scale = parseScale();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
});
// The works' PDFs go where the server's uploads go (ADR 0039).
const storage = createStorage(config);
try {
  await migrateDatabase(database);
  const seeded = await seedDemoDataIfEmpty(database.db, log, storage);
  log.info(seeded ? 'demo data loaded' : 'the database already has data: demo data not loaded');
  if (scale !== undefined) {
    const result = await seedScale(database.db, scale, log);
    log.info(result, `scale ${scale} loaded in ${(result.ms / 1000).toFixed(1)} s`);
  }
} finally {
  storage.close?.();
  await database.close();
}
