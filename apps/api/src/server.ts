import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed/demo';

/**
 * Process entry: configuration, database (migrated; demo data on a new embedded database), listen,
 * and a graceful close that drains in-flight requests before closing the database.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
    poolSize: config.dbPoolSize,
  });
  const app = await buildApp({ config, db: database.db });
  app.addHook('onClose', async () => {
    await database.close();
  });

  try {
    await migrateDatabase(database);
    // The embedded database is for trying the platform: it always starts with demo data.
    if (database.kind === 'pglite' || config.demoData) {
      const seeded = await seedDemoDataIfEmpty(database.db, app.log);
      if (seeded) {
        app.log.info('demo data loaded');
      }
    }
  } catch (error) {
    app.log.fatal({ err: error }, 'could not prepare the database');
    await app.close();
    process.exitCode = 1;
    return;
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    app.isShuttingDown = true;
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'pglite' || config.demoData) printDemoAccounts(config.publicUrl);
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
