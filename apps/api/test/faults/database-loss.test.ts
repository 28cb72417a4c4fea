import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../global-setup';
import { onPostgres } from '../helpers/db';
import {
  freePort,
  startServerProcess,
  waitForStatus,
  type ServerProcess,
} from '../helpers/server-process';

/**
 * A real API process on PostgreSQL loses its database (ADR 0053): its connections are ended by
 * the server (what a restart or a failover does), or the server cannot be reached at all. Runs in
 * CI's PostgreSQL pass only: PGlite lives inside the process and cannot be lost.
 */
const suite = onPostgres ? describe : describe.skip;

const JWT_SECRET = 'fallos-de-base-de-datos-secreto-de-prueba-0123456789';
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://localhost/none';

interface Answer {
  status: number;
  retryAfter: string | null;
  errorName: string | undefined;
  email: string;
}

suite('a lost database connection (ADR 0053)', () => {
  let admin: pg.Client;
  let dbName: string;
  let dataDir: string;
  let privacyVersion: number;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // A database of its own (cloned from the run's migrated template, so named like the run's
    // others and dropped by the next run if this one crashes), since its connections are killed.
    dbName = `${inject('templateDatabase').replace(/template$/, '')}faults_${process.pid}_${Date.now()}`;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${inject('templateDatabase')}"`);
    const db = new pg.Client({ connectionString: withDatabase(baseUrl, dbName) });
    await db.connect();
    try {
      const { rows } = await db.query<{ version: number }>(
        `SELECT version FROM legal_texts WHERE kind = 'privacy'`,
      );
      privacyVersion = rows[0]?.version ?? 1;
    } finally {
      await db.end();
    }
    dataDir = mkdtempSync(join(tmpdir(), 'faults-db-'));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(databaseUrl: string): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      DATA_DIR: dataDir,
    });
    servers.push(server);
    return server;
  }

  /** Signs up `email`; status 0 when no answer came (the process died). */
  async function register(server: ServerProcess, email: string): Promise<Answer> {
    const res = await fetch(`${server.url}/api/users-permissions/register-partialy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          email,
          password: 'Contraseña-larga-9',
          name: 'Prueba',
          profileType: 'student',
          privacyAccepted: true,
          privacyVersion,
        },
      }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => undefined);
    if (!res) return { status: 0, retryAfter: null, errorName: undefined, email };
    const body = (await res.json().catch(() => ({}))) as { error?: { name?: string } };
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      errorName: body.error?.name,
      email,
    };
  }

  async function terminateBackends() {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [dbName],
    );
  }

  it('when its connections are terminated under load, the process stays up, answers only 200 or 503 with Retry-After, keeps every acknowledged write, and is ready again', async () => {
    const server = await start(withDatabase(baseUrl, dbName));
    await waitForStatus(`${server.url}/readyz`, 200, 25_000);

    const answers: Answer[] = [];
    const readiness: number[] = [];
    let running = true;
    const writer = async (id: number) => {
      for (let n = 0; running; n++) {
        answers.push(await register(server, `caida${id}.${n}.${Date.now()}@example.com`));
      }
    };
    const prober = async () => {
      while (running) {
        const res = await fetch(`${server.url}/readyz`, {
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        readiness.push(res?.status ?? 0);
      }
    };
    const load = [...[0, 1, 2, 3, 4, 5].map(writer), prober()];
    for (let round = 0; round < 4; round++) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await terminateBackends();
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    running = false;
    await Promise.all(load);

    expect(server.alive(), server.output()).toBe(true);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer).toMatchObject({ errorName: 'ServiceUnavailableError' });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
    }
    for (const status of readiness) expect([200, 503]).toContain(status);
    await waitForStatus(`${server.url}/readyz`, 200, 10_000);

    // Every registration answered 200 is in the database.
    const acknowledged = answers.filter((a) => a.status === 200).map((a) => a.email);
    const db = new pg.Client({ connectionString: withDatabase(baseUrl, dbName) });
    await db.connect();
    try {
      const { rows } = await db.query<{ email: string }>(
        `SELECT email FROM up_users WHERE email = ANY($1::text[])`,
        [acknowledged],
      );
      expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await db.end();
    }
    await server.stop();
  }, 30_000);

  it('when the database cannot be reached at the start, it says once what it waits for, serves once it comes up, and answers 503 (readyz too) while it is gone again', async () => {
    const target = new URL(baseUrl);
    const proxyPort = await freePort();
    const proxy = new TcpProxy(proxyPort, target.hostname, Number(target.port || 5432));
    const proxied = new URL(withDatabase(baseUrl, dbName));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxyPort);

    const server = await start(proxied.toString());
    try {
      await server.waitForOutput(/waiting for the database at 127\.0\.0\.1:\d+\//, 20_000);
      // One clear line, not a stack trace, and the process waits rather than exits.
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(server.output().match(/waiting for the database/g)).toHaveLength(1);
      expect(server.alive()).toBe(true);

      await proxy.open();
      await waitForStatus(`${server.url}/readyz`, 200, 20_000);

      await proxy.shut();
      await waitForStatus(`${server.url}/readyz`, 503, 10_000);
      const refused = await register(server, `sinbase.${Date.now()}@example.com`);
      expect(refused).toMatchObject({ status: 503, errorName: 'ServiceUnavailableError' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);

      await proxy.open();
      await waitForStatus(`${server.url}/readyz`, 200, 10_000);
      expect((await register(server, `conbase.${Date.now()}@example.com`)).status).toBe(200);
      expect(server.alive()).toBe(true);
    } finally {
      await proxy.shut();
      await server.stop();
    }
  }, 30_000);
});

/** A TCP proxy in front of PostgreSQL, opened and shut to make the database come and go. */
class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly port: number,
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      upstream.connect(this.targetPort, this.host, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Stops listening and cuts every connection through it. */
  async shut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
