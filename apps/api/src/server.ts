import { join } from 'node:path';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import type { ChangeFeed } from './db/change-feed';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createStorage } from './lib/storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed/demo';

/**
 * Process entry: configuration, database (migrated; demo data on a new embedded database), listen,
 * and a graceful close that drains in-flight requests before closing the database.
 */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
    poolSize: config.dbPoolSize,
  });
  let changeFeed: ChangeFeed | undefined;
  try {
    await migrateDatabase(database);
    // The embedded database is for trying the platform: it always starts with demo data.
    if (database.kind === 'pglite' || config.demoData) {
      // The works' PDFs go where uploads go (ADR 0039).
      const storage = createStorage(config);
      try {
        const seeded = await seedDemoDataIfEmpty(database.db, log, storage);
        if (seeded) log.info('demo data loaded');
      } finally {
        storage.close?.();
      }
    }
    if (config.responseCache) {
      changeFeed = await database.openChangeFeed((err) =>
        log.error({ err }, 'change feed lost; cache off until it reconnects'),
      );
    }
  } catch (error) {
    log.fatal({ err: error }, 'could not prepare the database');
    await database.close();
    process.exitCode = 1;
    return;
  }

  const app = await buildApp({ config, db: database.db, changeFeed, logger: log });

  // The database closes after the app: every plugin's close hook (the email sender finishing its
  // send, in-flight requests draining) still has it.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    app.isShuttingDown = true;
    await app.close();
    await changeFeed?.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const isFirstProcess = cluster.isPrimary || cluster.worker?.id === 1;
  if ((database.kind === 'pglite' || config.demoData) && isFirstProcess)
    printDemoAccounts(config.publicUrl);
}

function printDemoAccounts(url: string) {
  const lines = [
    '',
    `  Plataforma lista en ${url}`,
    '',
    `  Cuentas de demostración (contraseña: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.description}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * With API_WORKERS > 1 the primary only forks the workers (each runs main(); migrations are
 * serialised by an advisory lock) and replaces any that dies unexpectedly.
 */
function start() {
  const workers = Number(process.env.API_WORKERS ?? '1');
  if (!cluster.isPrimary || !(workers > 1)) return main();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (!stopping && code !== 0) {
      process.stderr.write(
        `API worker ${worker.process.pid} exited with ${code}; starting another\n`,
      );
      cluster.fork();
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
  return Promise.resolve();
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
