import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { TEST_CONFIG } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { signedIn } from '../helpers/factories';
import { pdf } from '../helpers/upload';

/**
 * Bodies of unknown length and the upload spools of requests that end early (ADR 0053, 0069),
 * on a listening server talked to through raw sockets. The minimum rate is high (1 MB/s) so a
 * JSON route's budget (1 s idle + its 1 MB limit at that rate: 2 s) is a small fraction of the
 * largest upload's (150 MB: over two minutes): a trickle is told apart by which is cut first,
 * not by a clock.
 */
let app: FastifyInstance;
let port: number;
let uploadDir: string;
let student: Record<string, string>;

beforeAll(async () => {
  const { db } = await getTestDatabase();
  uploadDir = await mkdtemp(join(tmpdir(), 'slow-bodies-'));
  app = await buildApp({
    config: {
      ...TEST_CONFIG,
      uploadDir,
      timeouts: { headersMs: 5_000, bodyIdleMs: 1_000, bodyMinBytesPerSecond: 1024 * 1024 },
    },
    db,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  student = (await signedIn(app, 'student')).headers;
});

afterAll(async () => {
  await app.close();
  await rm(uploadDir, { recursive: true, force: true });
});

interface Conversation {
  socket: Socket;
  /** What came back so far. */
  answer: () => string;
  /** Resolves with what came back once the connection closed. */
  closed: Promise<string>;
}

function open(): Promise<Conversation> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) => socket.on('close', () => done(answer)));
    socket.on('connect', () => resolve({ socket, answer: () => answer, closed }));
  });
}

/**
 * Sends one more byte of a chunked body every 300 ms (never idle for the 1 s limit) until the
 * connection closes.
 */
function trickle(socket: Socket) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('1\r\n \r\n');
  }, 300);
  socket.on('close', () => clearInterval(timer));
}

/** Resolves once `condition` holds (checked every 20 ms); fails after 20 s. */
async function until(condition: () => Promise<boolean> | boolean, what: string) {
  for (let turn = 0; !(await condition()); turn += 1) {
    if (turn > 1_000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The files under the upload spool directory (`.incoming`). */
async function spooled(): Promise<string[]> {
  const entries = await readdir(join(uploadDir, '.incoming'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const BOUNDARY = 'frontera-de-prueba';

/** The head of an upload whose first file's bytes have started (the body says it is longer). */
function uploadHead(chunked: boolean) {
  const part =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="tfg.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n`;
  const bytes = part + pdf().toString('latin1') + ' '.repeat(64 * 1024);
  const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${10 * 1024 * 1024}`;
  const head =
    `POST /api/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${student.authorization}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${length}\r\n\r\n`;
  return head + (chunked ? `${bytes.length.toString(16)}\r\n${bytes}\r\n` : bytes);
}

describe('a body of unknown length is cut within its route’s budget (ADR 0069)', () => {
  it('when a chunked body trickles to a JSON route, it is cut with 408 by that route’s budget, while an upload trickling alongside keeps the largest upload’s', async () => {
    const upload = await open();
    upload.socket.write(uploadHead(true));
    trickle(upload.socket);

    const json = await open();
    json.socket.write(
      'POST /api/auth/local HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n',
    );
    trickle(json.socket);

    const answer = await json.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"name":"RequestTimeoutError"');
    // The upload, begun first, is still being received.
    expect(upload.socket.destroyed).toBe(false);
    expect(upload.answer()).toBe('');
    upload.socket.destroy();
    await until(async () => (await spooled()).length === 0, 'the upload’s spool removed');
  });
});

describe('upload spools go with their request, however it ends (ADR 0069)', () => {
  it('when an upload is cut with 408 for a slow body, its spool file is removed', async () => {
    const upload = await open();
    upload.socket.write(uploadHead(false));
    await until(async () => (await spooled()).length === 1, 'the file being spooled');

    // Nothing more is sent: after the idle limit the request is answered 408.
    const answer = await upload.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await until(async () => (await spooled()).length === 0, 'the spool removed');
  });

  it('when a chunked upload trickles until its client leaves, its spool file is removed', async () => {
    const upload = await open();
    upload.socket.write(uploadHead(true));
    trickle(upload.socket);
    await until(async () => (await spooled()).length === 1, 'the file being spooled');

    upload.socket.destroy();
    await until(async () => (await spooled()).length === 0, 'the spool removed');
  });
});
