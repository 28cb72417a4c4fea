/**
 * Browser tests run against the real product: this global setup makes sure Chromium is installed,
 * builds the product, starts the production server on a fresh embedded database (migrated and
 * filled with demo data on first start) and launches ONE browser that every test file connects
 * to. The returned teardown undoes it all.
 *
 * Environment: E2E_SKIP_BUILD=1 reuses the current apps/web/dist and apps/api/dist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { SmtpSink } from '../../api/test/helpers/smtp-sink';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared browser listens; tests connect with `chromium.connect`. */
    wsEndpoint: string;
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** Where the emails the server delivered to the SMTP sink are listed (support/mailbox.ts). */
    mailboxUrl: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export { CHROMIUM_PATH };

const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS];

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

function log(message: string): void {
  process.stderr.write(`[e2e] ${message}\n`);
}

/** Runs a command to completion; rejects with its output when it fails or times out. */
function run(
  command: string,
  args: string[],
  { env = process.env, timeoutMs }: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else {
        const why = signal ? `was killed (${signal}; timeout ${timeoutMs} ms?)` : `exited ${code}`;
        reject(new Error(`\`${command} ${args.join(' ')}\` ${why}:\n${output}`));
      }
    });
  });
}

/** Step 1: Chromium from Debian (`npx playwright install` cannot download here). */
async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is needed for the browser tests and is not installed at ${CHROMIUM_PATH}.\n` +
        'Install it with:  sudo apt-get install -y chromium\n' +
        '(run `sudo apt-get update` first if apt cannot find the package).',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', 'chromium'], { env, timeoutMs: 600_000 });
  const started = Date.now();
  log('Chromium is missing; installing it with apt-get (takes about a minute)...');
  const hasPackageLists = (() => {
    try {
      return readdirSync('/var/lib/apt/lists').some(
        (name) => name.endsWith('_Packages') || name.includes('_Packages.'),
      );
    } catch {
      return false;
    }
  })();
  if (!hasPackageLists) {
    await run('apt-get', ['update'], { env, timeoutMs: 300_000 });
    await install();
  } else {
    try {
      await install();
    } catch {
      // Stale package lists name versions the mirror no longer has: refresh them and try again.
      log('apt-get install failed; running apt-get update and retrying...');
      await run('apt-get', ['update'], { env, timeoutMs: 300_000 });
      await install();
    }
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
  }
  log(`Chromium installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Step 2: `npm run build` at the root builds apps/web/dist and bundles the API into apps/api/dist. */
async function buildProduct(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') {
    for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
      if (!existsSync(join(REPO_ROOT, file))) {
        throw new Error(`E2E_SKIP_BUILD=1 but ${file} is missing: run \`npm run build\` first`);
      }
    }
    log('E2E_SKIP_BUILD=1: using the existing build');
    return;
  }
  const started = Date.now();
  log('building the product (npm run build)...');
  // Vitest sets NODE_ENV=test, which the build would inherit: Vite then bundles React's
  // development build (a third larger and much slower), and the journeys and the bundle budget
  // would not see what `npm start` serves.
  await run('npm', ['run', 'build'], {
    env: { ...process.env, NODE_ENV: 'production' },
    timeoutMs: 300_000,
  });
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** A port nobody listens on right now: the OS picks one for port 0, then it is released. */
function findFreePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePromise(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Step 3: the production server on a fresh data directory. Configuration that could point it at
 * another database or build (DATABASE_URL, WEB_DIST_DIR...) is dropped from the environment.
 */
async function startServer(dataDir: string, smtpUrl: string): Promise<RunningServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'WEB_DIST_DIR',
    'UPLOAD_DIR',
    'JWT_SECRET',
    'DEMO_DATA',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // Real delivery: every email the journeys cause goes to the in-process SMTP sink.
    SMTP_URL: smtpUrl,
    // Every journey signs in from 127.0.0.1; the per-IP login limit would end the run. The limits
    // themselves are tested through the API (apps/api/src/features/auth/rate-limits.test.ts).
    RATE_LIMITS: 'off',
  });

  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-50_000);
    // Warnings and errors the server logs while tests run (pino JSON, level >= 40) are shown.
    for (const line of text.split('\n')) {
      const level = /^\{"level":(\d+)/.exec(line)?.[1];
      if (level && Number(level) >= 40) process.stderr.write(`[server] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  let exit: string | undefined;
  child.on('exit', (code, signal) => {
    exit = `exited with ${signal ?? `code ${code}`}`;
  });
  child.on('error', (error) => {
    exit = `could not start: ${error.message}`;
  });

  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (exit) {
      throw new Error(`The server ${exit} before it was ready. Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        log(`server ready at ${baseUrl} in ${Math.round((Date.now() - started) / 1000)} s`);
        return { child, baseUrl, output: () => output };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopServer(child);
  throw new Error(
    `The server did not answer 200 on /readyz within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${output}`,
  );
}

/** SIGTERM (the server drains and closes its database), SIGKILL if it hangs. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    log(`server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Step 3a: an SMTP sink in this process, and a small HTTP server listing what it received as JSON
 * (test files run in other processes: they read it from there).
 */
async function startMailbox(): Promise<{ sink: SmtpSink; http: Server; url: string }> {
  const sink = await SmtpSink.start();
  const http = createHttpServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    // POST /refuse?address=…: the sink answers that address 550 from now on (a bounce).
    const url = new URL(request.url ?? '/', 'http://mailbox');
    if (request.method === 'POST' && url.pathname === '/refuse') {
      sink.refused.add((url.searchParams.get('address') ?? '').toLowerCase());
      response.end('[]');
      return;
    }
    response.end(JSON.stringify(url.pathname === '/messages' ? sink.received : []));
  });
  await new Promise<void>((resolvePromise) => http.listen(0, '127.0.0.1', resolvePromise));
  const address = http.address();
  if (!address || typeof address !== 'object') throw new Error('the mailbox did not start');
  return { sink, http, url: `http://127.0.0.1:${address.port}` };
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  let browser: BrowserServer | undefined;
  let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;

  const teardown = async () => {
    await browser
      ?.close()
      .catch((error: unknown) => log(`closing the browser failed: ${String(error)}`));
    if (server) {
      const { child } = server;
      if (child.exitCode !== null || child.signalCode !== null) {
        log(`the server stopped during the run. Its output:\n${server.output()}`);
      }
      await stopServer(child);
    }
    if (mailbox) {
      const { http, sink } = mailbox;
      await new Promise<void>((resolvePromise) => http.close(() => resolvePromise()));
      await sink.close();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await ensureChromium();
    await buildProduct();
    dataDir = mkdtempSync(join(tmpdir(), 'plataforma-e2e-'));
    mailbox = await startMailbox();
    server = await startServer(dataDir, mailbox.sink.url);
    // Step 4: one browser for the whole run; each test opens its own context (support/browser.ts).
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    project.provide('wsEndpoint', browser.wsEndpoint());
    project.provide('baseUrl', server.baseUrl);
    project.provide('mailboxUrl', mailbox.url);
    log(`ready for tests in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (error) {
    await teardown();
    throw error;
  }

  return teardown;
}
