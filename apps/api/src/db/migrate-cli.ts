import { join } from 'node:path';
import { ConfigError, loadConfig, loadEnvFile } from '../config/env';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { migrateDatabase } from './migrate';

/**
 * `npm run db:migrate` (`node apps/api/dist/migrate-cli.js` in a build, so a production install
 * without development packages can run it): applies the pending migrations to the configured
 * database, says how many, and exits.
 */
async function main() {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
  });
  try {
    const { before, applied } = await migrateDatabase(database);
    const where =
      database.kind === 'pglite' ? 'la base de datos integrada' : 'la base de datos PostgreSQL';
    process.stdout.write(
      applied === 0
        ? `Nada que aplicar: ${where} ya tiene sus ${before} migraciones.\n`
        : `Aplicadas ${applied} ${applied === 1 ? 'migración' : 'migraciones'} en ${where} (${before + applied} en total).\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A wrong setting or an embedded database a running server holds: its message says what to do.
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(
    `${known || !(error instanceof Error) ? String((error as Error).message ?? error) : (error.stack ?? error.message)}\n`,
  );
  process.exitCode = 1;
});
