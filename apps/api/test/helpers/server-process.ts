import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The API workspace: the server is started from its sources, through tsx. */
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** Resolves once `output()` matches, or rejects after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** SIGKILL (a crash) or SIGTERM (a graceful stop), and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real API process (src/server.ts) with `env` over a minimal environment, on a free
 * port of 127.0.0.1, for the fault tests (ADR 0053) that need a process to crash or survive.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      INIT_CWD: API_DIR,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      for (const check of waiters) check();
      resolve(code);
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    exited,
    alive,
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) done(resolve);
          else if (!alive()) done(() => reject(new Error(`process ended; output:\n${text}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${text}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGKILL') {
      if (alive()) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `url` until it answers `status`, or throws after `timeoutMs`. */
export async function waitForStatus(url: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === status) return;
      last = `${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} in ${timeoutMs} ms (last: ${last})`);
}
