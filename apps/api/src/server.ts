import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import type { ChangeFeed } from './db/change-feed';
import type * as Demo from './seed/demo';
import { ConfigError, loadConfig, loadEnvFile } from './config/env';
import { describeDatabase, openDatabase, pingDatabase, type DatabaseHandle } from './db/client';
import { isConnectionFailure } from './db/failures';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { serveClusterMetrics } from './lib/metrics/cluster';
import { APP_VERSION } from './version';

/**
 * Lines for the person who started the server, in Spanish, besides the JSON log: what it is doing
 * while it prepares the database (minutes on a first start), where it listens, the demo accounts.
 * Only the first process of a machine says them (ADR 0063).
 */
const isFirstProcess = cluster.isPrimary || cluster.worker?.id === 1;
const say = (line: string) => {
  if (isFirstProcess) process.stdout.write(`${line}\n`);
};

/**
 * Process entry: configuration, database (migrated; demo data on a new embedded database), listen,
 * and a graceful close that drains in-flight requests before closing the database.
 */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const pgliteDir = config.databaseUrl ? undefined : join(config.dataDir, 'pgdata');
  if (pgliteDir && !existsSync(pgliteDir)) {
    say(`Creando la base de datos integrada en ${pgliteDir}… (1 min)`);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    poolSize: config.dbPoolSize,
  });
  // The app and the demo data are loaded once the database is held: a second process on the
  // same embedded folder is refused in a moment, not after loading everything (ADR 0053).
  const [{ buildApp }, { createStorage }, demo] = await Promise.all([
    import('./app'),
    import('./lib/storage'),
    import('./seed/demo'),
  ]);
  let changeFeed: ChangeFeed | undefined;
  try {
    if (config.databaseUrl)
      await waitForDatabase(database, describeDatabase(config.databaseUrl), log);
    const migrations = await migrateDatabase(database);
    if (migrations.before > 0 && migrations.applied > 0) {
      say(
        `Base de datos actualizada: ${migrations.applied} ${migrations.applied === 1 ? 'migración aplicada' : 'migraciones aplicadas'}.`,
      );
    }
    // Demo data by default on a new embedded database (trying the platform); DEMO_DATA=0 leaves
    // it empty for a real installation, which then prints its setup link (ADR 0064).
    if (config.demoData) {
      // The works' PDFs go where uploads go (ADR 0039).
      const storage = createStorage(config);
      try {
        const seeded = await demo.seedDemoDataIfEmpty(database.db, log, storage, () =>
          say('Cargando datos de demostración… (1 min)'),
        );
        if (seeded) log.info('demo data loaded');
      } finally {
        storage.close?.();
      }
    }
    // Opened even with RESPONSE_CACHE=off: the accounts of bearer tokens are still kept until
    // the users table changes (plugins/actor.ts).
    changeFeed = await database.openChangeFeed((err) =>
      log.error({ err }, 'change feed lost; cache off until it reconnects'),
    );
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
  say(`\n  Plataforma ${APP_VERSION} lista en ${config.publicUrl}`);
  if (config.demoData && isFirstProcess && (await demo.hasDemoAccounts(database.db))) {
    printDemoAccounts(demo);
  }
  // No administrator yet: a one-time link to create the first one (ADR 0064).
  if (isFirstProcess) {
    const { announceSetupLink } = await import('./features/setup/setup.service');
    await announceSetupLink(database.db, config.publicUrl, say).catch((err: unknown) =>
      log.error({ err }, 'could not make the setup link'),
    );
  }
}

/**
 * A process started before its database (a machine booting, an orchestrator starting both)
 * waits for it: one line says what it waits for, then it tries again with backoff, up to every
 * 5 s, for as long as it takes (ADR 0053). Any other failure (a wrong password, a database that
 * does not exist) is not waited for.
 */
async function waitForDatabase(database: DatabaseHandle, target: string, log: pino.Logger) {
  let delay = 250;
  let said = false;
  for (;;) {
    try {
      await pingDatabase(database.db);
      if (said) log.info(`database ${target} is reachable`);
      return;
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      if (!said) {
        log.warn(
          `waiting for the database at ${target} (${reasonOf(error)}); retrying until it answers`,
        );
        said = true;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

function reasonOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] !== undefined)
    current = current.errors[0];
  const code = (current as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return current instanceof Error ? current.message : String(current);
}

function printDemoAccounts(demo: typeof Demo) {
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = demo;
  const lines = [
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
  // Before API_WORKERS is read; forked workers inherit the environment it fills.
  loadEnvFile();
  const workers = Number(process.env.API_WORKERS ?? '1');
  if (!cluster.isPrimary || !(workers > 1)) return main();
  let stopping = false;
  // A scrape of /metrics reaches one worker, which asks here for the sum of all (ADR 0057).
  serveClusterMetrics();
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
