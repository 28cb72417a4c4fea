import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from '@plataforma/shared';
import { buildApp } from '../app';
import { featurePermissions } from '../db/schema';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { TEST_CONFIG } from '../../test/helpers/app';
import { call } from '../../test/helpers/auth';
import { openFreshDatabase } from '../../test/helpers/db';
import { SETUP_TEXTS } from '../features/setup/setup.texts';

/**
 * `npm run admin:create` (ADR 0064) as a person or a script runs it: a process of its own on the
 * sources (the build bundles the same file), the password on standard input, against a database
 * of its own: an embedded one in a temporary DATA_DIR, or a clone of the template with
 * TEST_DATABASE_URL. Then the accounts sign in through the API.
 */

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Tortuga saltarina en el río Segura';
const SECRET = 'a-secret-for-the-command-and-the-test-app-0123456789';

let workDir: string;
let dataDir: string;
/** With TEST_DATABASE_URL: the clone the command writes to, open here too. */
let postgres: Awaited<ReturnType<typeof openFreshDatabase>> | undefined;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'admin-create-'));
  dataDir = join(workDir, 'data');
  if (process.env.TEST_DATABASE_URL) postgres = await openFreshDatabase();
});
afterAll(async () => {
  await postgres?.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with `args`, `input` on its standard input (a pipe, not a terminal). */
function adminCreate(args: string[], input: string): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Where `npm run` was typed: no .env there, so nothing of the machine's leaks in.
      INIT_CWD: workDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://campus.example',
      ...(postgres?.url
        ? { DATABASE_URL: postgres.url, JWT_SECRET: SECRET }
        : { DATA_DIR: dataDir }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run admin:create', () => {
  it('creates an administrator with the password of the first line of standard input', async () => {
    const run = await adminCreate(
      ['--email', 'Ana.Perez@Uni.test', '--name', 'Ana', '--surname', 'Pérez Gil'],
      `${PASSWORD}\nlo que venga después no cuenta\n`,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `${SETUP_TEXTS.cli.created('ana.perez@uni.test', 'https://campus.example')}\n`,
    );
  }, 180_000);

  it('adds another administrator when one exists; an address already registered is refused with exit 1', async () => {
    const again = await adminCreate(['--email', 'ana.perez@uni.test', '--name', 'Ana'], PASSWORD);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(SETUP_TEXTS.cli.problemsHeader);
    expect(again.stderr).toContain(`--email: ${SETUP_MESSAGES.emailTaken}`);

    const second = await adminCreate(['--email', 'luis@uni.test', '--name', 'Luis'], PASSWORD);
    expect(second.code).toBe(0);
  }, 120_000);

  it('refuses a password that breaks the rules, none at all, or missing options, with exit 1', async () => {
    const weak = await adminCreate(['--email', 'eva@uni.test', '--name', 'Eva'], 'corta\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(`contraseña: ${SETUP_MESSAGES.passwordTooShort}`);
    const common = await adminCreate(
      ['--email', 'eva@uni.test', '--name', 'Eva'],
      'Contraseña2026!',
    );
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('demasiado común');

    const none = await adminCreate(['--email', 'eva@uni.test', '--name', 'Eva'], '');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(SETUP_TEXTS.cli.noPassword);

    const bare = await adminCreate(['--email', 'eva@uni.test'], PASSWORD);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('Uso: npm run admin:create');
  }, 120_000);

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'refuses an embedded database a running server holds, saying so',
    async () => {
      const release = lockDataDir(join(dataDir, 'pgdata'));
      try {
        const run = await adminCreate(['--email', 'eva@uni.test', '--name', 'Eva'], PASSWORD);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('mientras el servidor la usa');
        expect(run.stderr).toContain(`ya la usa otro proceso (pid ${process.pid}`);
      } finally {
        release();
      }
    },
    120_000,
  );

  it('the administrators it made sign in, as admins', async () => {
    let handle: DatabaseHandle | undefined;
    const db = postgres
      ? postgres.handle.db
      : (handle = await openDatabase({ pgliteDir: join(dataDir, 'pgdata') })).db;
    const app = await buildApp({
      config: { ...TEST_CONFIG, jwtSecret: SECRET },
      db,
      logger: false,
    });
    try {
      for (const identifier of ['ana.perez@uni.test', 'luis@uni.test']) {
        const login = await call(app, 'POST', '/api/auth/local', {
          payload: { identifier, password: PASSWORD },
        });
        expect(login.status, identifier).toBe(200);
        expect(login.body.user).toMatchObject({ profileType: 'admin', confirmed: true });
      }
      const refused = await call(app, 'POST', '/api/auth/local', {
        payload: { identifier: 'eva@uni.test', password: PASSWORD },
      });
      expect(refused.status).toBe(400);
      // The installation it set up has the setup's default switches: students find projects.
      const switches = await db.select().from(featurePermissions);
      expect(switches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ role: 'student', feature: 'projects', enabled: true }),
          expect.objectContaining({ role: 'teacher', feature: 'projects', create: true }),
        ]),
      );
    } finally {
      await app.close();
      await handle?.close();
    }
  }, 120_000);
});
