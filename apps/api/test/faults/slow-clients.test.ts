import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { getTestDatabase } from '../helpers/db';
import { TEST_CONFIG } from '../helpers/app';

/** A real listening server with short limits, talked to through raw sockets (ADR 0053). */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const { db } = await getTestDatabase();
  app = await buildApp({
    config: {
      ...TEST_CONFIG,
      timeouts: { headersMs: 1_000, bodyIdleMs: 1_000, bodyMinBytesPerSecond: 1_024 },
    },
    db,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

interface Outcome {
  answer: string;
  closedAfterMs: number;
}

/** Opens a socket, lets `talk` write to it, and resolves with what came back once it closed. */
function converse(talk: (write: (text: string) => void) => void, giveUpMs = 8_000) {
  return new Promise<Outcome>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; answer so far: ${answer}`));
    }, giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () =>
      talk((text) => {
        if (!socket.destroyed) socket.write(text);
      }),
    );
  });
}

const headers = (length: number) =>
  `POST /api/auth/local HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients are cut (ADR 0053)', () => {
  it('when a body sends nothing after its headers, it is cut with 408 in the Strapi envelope once idle', async () => {
    const { answer, closedAfterMs } = await converse((write) => write(headers(100) + '{"da'));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"name":"RequestTimeoutError"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('when the headers never end, the connection is answered 408 and closed', async () => {
    const { answer, closedAfterMs } = await converse((write) =>
      write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('when a body keeps trickling, it is cut once its budget for its size is spent', async () => {
    // 2 KB at 1 KB/s after 1 s idle allowance: a 3 s budget; one byte every 300 ms never idles.
    const timers: NodeJS.Timeout[] = [];
    const { answer, closedAfterMs } = await converse((write) => {
      write(headers(2_048));
      timers.push(setInterval(() => write(' '), 300));
    });
    timers.forEach(clearInterval);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(2_800);
    expect(closedAfterMs).toBeLessThan(6_000);
  });

  it('when a body arrives in time, it is served as usual', async () => {
    const { answer } = await converse((write) => {
      write(headers(2).replace('Content-Type', 'Connection: close\r\nContent-Type'));
      setTimeout(() => write('{}'), 400);
    });
    expect(answer).not.toMatch(/^HTTP\/1\.1 408/);
    // Read whole and judged: the empty body lacks the identifier and password.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"name":"ValidationError"');
  });
});
