import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_CONFIG } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';
import { asAdmin } from '../../test/helpers/factories';

type Line = Record<string, unknown> & { msg: string; reqId?: string };

let lines: Line[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n').filter(Boolean))
      lines.push(JSON.parse(text) as Line);
    done();
  },
});

let app: FastifyInstance;
beforeAll(async () => {
  const { db } = await getTestDatabase();
  app = await buildApp({
    config: TEST_CONFIG,
    db,
    logger: pino({ level: 'info' }, destination),
  });
  app.get('/test/database-error', async () => {
    await app.db.execute(sql`SELECT * FROM no_such_table_of_the_log_test`);
    return {};
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  lines = [];
});

const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('one log line per request', () => {
  it('logs method, path without the query, route, status, time and request id, once', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/projects?filters[title][$containsi]=maria.lopez@example.es',
    });
    expect(res.statusCode).toBe(200);
    expect(lines.filter((line) => line.reqId === res.headers['x-request-id'])).toHaveLength(1);
    const [line] = requestLines();
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/projects',
      statusCode: 200,
      reqId: res.headers['x-request-id'],
    });
    expect(typeof line?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('maria');
  });

  it('says which user made the request', async () => {
    const admin = await asAdmin(app);
    lines = [];
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: admin });
    expect(res.statusCode).toBe(200);
    const me = res.json<{ id: number }>();
    expect(requestLines()).toEqual([
      expect.objectContaining({ userId: me.id, route: '/api/users/me' }),
    ]);
  });

  it('when the request is a health check, nothing is logged', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/readyz' });
    expect(lines).toEqual([]);
  });
});

describe('request ids', () => {
  it("when a proxy sends a plain X-Request-Id, it is the request's id and is answered", async () => {
    const id = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const res = await app.inject({
      method: 'GET',
      url: '/api/universities',
      headers: { 'x-request-id': id },
    });
    expect(res.headers['x-request-id']).toBe(id);
    expect(requestLines()[0]?.reqId).toBe(id);
  });

  it('when the incoming id is not a plain token, a new one replaces it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/universities',
      headers: { 'x-request-id': 'x"}\n{"level":60' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await app.inject({ method: 'GET', url: '/api/universities' });
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  it("a database error is logged with the request's id, which the 500 answer carries", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/database-error' });
    expect(res.statusCode).toBe(500);
    const reqId = res.headers['x-request-id'];
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, reqId });
    expect(JSON.stringify(failure)).toContain('no_such_table_of_the_log_test');
    expect(requestLines()).toEqual([expect.objectContaining({ reqId, statusCode: 500 })]);
  });
});
