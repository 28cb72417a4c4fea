import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, TEST_CONFIG } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';
import { asAdmin, createProject } from '../../test/helpers/factories';
import { BODY_LIMIT_BYTES, buildApp } from '../app';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

describe('bad requests get the Strapi error shape, never a 500', () => {
  it('when the JSON body is malformed, the answer is 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
  });

  it('when the body is larger than the limit, the answer is 413 PayloadTooLargeError', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { name: 'x'.repeat(BODY_LIMIT_BYTES) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 413, name: 'PayloadTooLargeError' },
    });
  });

  it('when the content type is not JSON, the answer is 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'text/xml' },
      payload: '<data/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it.each(['latin1', 'iso-8859-1', 'utf-16'])(
    'when a JSON body declares the charset %s, the answer is 415 in the envelope',
    async (charset) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/campuses',
        headers: { ...admin, 'content-type': `application/json; charset=${charset}` },
        payload: '{"data":{"name":"x"}}',
      });
      expect(res.statusCode).toBe(415);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 415, name: 'ValidationError', message: 'Unsupported content type' },
      });
    },
  );

  it.each(['utf-8', 'UTF-8', 'utf8'])(
    'when a JSON body declares the charset %s, it is read',
    async (charset) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/campuses',
        headers: { ...admin, 'content-type': `application/json; charset=${charset}` },
        payload: '{"data":',
      });
      // Read and found malformed: past the content type.
      expect(res.statusCode).toBe(400);
    },
  );

  it('when a unique value is repeated, the answer is 400, not 500', async () => {
    const payload = { data: { name: `Área ${Date.now()}` } };
    expect(
      (await app.inject({ method: 'POST', url: '/api/study-areas', headers: admin, payload }))
        .statusCode,
    ).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/study-areas',
      headers: admin,
      payload,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { name: 'ValidationError', message: 'This attribute must be unique' },
    });
  });
});

describe('Content-Language says whether a message may be shown to a person (ADR 0032)', () => {
  it("when Strapi's own wording answers (an unknown route, a bad query), it is English and says so", async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-language']).toBe('en');
    const bad = await app.inject({ method: 'GET', url: '/api/campuses?filters[nope][$eq]=1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-language']).toBe('en');
  });

  it('when a rule refuses what a person did, the message is Spanish and marked es', async () => {
    const project = await createProject({ status: 'Por validar', publishedAt: null });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: admin,
      payload: { data: { status: 'Rechazada' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe('es');
    expect(res.json()).toMatchObject({
      error: { name: 'ValidationError', message: 'Indica el motivo del rechazo' },
    });
  });
});

/**
 * Oversized request heads are refused by Node's HTTP parser before Fastify sees a request, so
 * app.inject cannot reach them: a real server on a free port and a raw request.
 */
describe('errors of the HTTP parser come in the envelope too', () => {
  let server: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    const { db } = await getTestDatabase();
    server = await buildApp({ config: TEST_CONFIG, db, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  /** Sends raw bytes and answers the status line, the headers and the body. */
  function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });
  }

  it.each([
    ['a URL', `GET /api/campuses?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a header', `GET /api/campuses HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
  ])('when %s is too large, the answer is 431 in the Strapi envelope', async (_case, request) => {
    const res = await raw(request);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(res.body)).toEqual({
      data: null,
      error: {
        status: 431,
        name: 'RequestHeaderFieldsTooLargeError',
        message: 'Request header fields too large',
        details: {},
      },
    });
  });

  it('when the request cannot be parsed at all, the answer is 400 in the envelope', async () => {
    const res = await raw('NOT A REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      data: null,
      error: { status: 400, name: 'BadRequestError' },
    });
  });
});
