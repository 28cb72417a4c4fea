import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadEnvFile } from '../config/env';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { AppError } from '../lib/errors';
import {
  addAdministrator,
  administratorProblems,
  problemsError,
} from '../features/setup/setup.service';
import { SETUP_TEXTS } from '../features/setup/setup.texts';

/**
 * `npm run admin:create -- --email … --name … [--surname …]` (`node apps/api/dist/admin-create.js`
 * in a build, so a production install without development packages has it; ADR 0064): creates an
 * administrator in the configured database (the server's configuration: DATABASE_URL, or the
 * embedded database in DATA_DIR, which a running server holds and then refuses to share),
 * after applying any pending migration. The password is asked twice on a terminal, without
 * echo, or read from the first line of standard input, so scripts never put it in a command
 * line. Exit code 0 when the account was made, 1 otherwise.
 */
const TEXTS = SETUP_TEXTS.cli;

async function main(): Promise<number> {
  let values: { email?: string; name?: string; surname?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        surname: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`${TEXTS.badOption((error as Error).message)}\n\n${TEXTS.usage}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${TEXTS.usage}\n`);
    return 0;
  }
  if (values.email === undefined || values.name === undefined) {
    process.stderr.write(`${TEXTS.usage}\n`);
    return 1;
  }
  // Read before anything is opened: a wrong setting is said at once, the database is held only
  // while the account is made. The server's own configuration, its .env file included.
  loadEnvFile();
  const config = loadConfig();
  const { password, confirmation } = await readPassword();
  const fields = {
    email: values.email,
    name: values.name,
    surname: values.surname,
    password,
    passwordConfirmation: confirmation,
  };
  // The rules first: a refused password never waits for the database.
  const problems = administratorProblems(fields);
  if (problems.length > 0) throw problemsError(problems);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pgdata'),
  });
  try {
    await migrateDatabase(database);
    const user = await addAdministrator(database.db, fields);
    process.stdout.write(`${TEXTS.created(user.email, config.publicUrl)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * The password: on a terminal, asked twice with nothing shown as it is typed; otherwise the first
 * line of standard input (a script's pipe or a secret file), which stands for its confirmation.
 */
async function readPassword(): Promise<{ password: string; confirmation: string }> {
  if (process.stdin.isTTY) {
    const password = await askHidden(TEXTS.askPassword);
    const confirmation = await askHidden(TEXTS.askConfirmation);
    return { password, confirmation };
  }
  const lines = createInterface({ input: process.stdin, terminal: false });
  let first: string | undefined;
  for await (const line of lines) {
    first = line.replace(/\r$/, '');
    break;
  }
  lines.close();
  process.stdin.destroy();
  if (first === undefined) throw new CliError(TEXTS.noPassword);
  return { password: first, confirmation: first };
}

/** Asks on the terminal; what is typed is echoed to a sink, so it never shows. */
function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const terminal = createInterface({ input: process.stdin, output: sink, terminal: true });
  return new Promise((resolve) => {
    terminal.on('SIGINT', () => {
      terminal.close();
      process.stdout.write('\n');
      process.exit(130);
    });
    terminal.question('', (answer) => {
      terminal.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** A failure whose message says it all (no stack). */
class CliError extends Error {}

/** What a refusal says, one problem a line, each named by its option. */
function describe(error: unknown): string {
  if (error instanceof AppError) {
    const problems = (error.details.errors ?? []) as { path: string[]; message: string }[];
    if (problems.length === 0) return error.message;
    return [
      TEXTS.problemsHeader,
      ...problems.map(({ path, message }) =>
        TEXTS.problem(TEXTS.fieldNames[path[0] ?? ''] ?? path.join('.'), message),
      ),
    ].join('\n');
  }
  if (error instanceof DataDirLockedError) return TEXTS.locked(error.message);
  if (error instanceof ConfigError || error instanceof CliError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exitCode = 1;
  },
);
