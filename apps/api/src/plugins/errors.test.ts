import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, TEST_CONFIG } from '../../test/helpers/app';
import { uniqueIp } from '../../test/helpers/auth';
import { getTestDatabase } from '../../test/helpers/db';
import {
  asAdmin,
  createCampus,
  createProject,
  createUser,
  TEST_PASSWORD,
  unique,
} from '../../test/helpers/factories';
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
        error: {
          status: 415,
          name: 'ValidationError',
          message: `Unsupported Media Type: application/json; charset=${charset}`,
        },
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

/**
 * Bodies are read as JSON only. Fastify would also read text/plain and hand the route a string,
 * which a route then refused as a malformed JSON body (400), hiding that it was never read.
 */
describe('a body that is not JSON is refused with 415 in the envelope, never read', () => {
  /** The whole envelope of a 415 for this message: status, name, English wording, no details. */
  function expect415(
    res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    message: string,
  ) {
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-language']).toBe('en');
    expect(res.json()).toEqual({
      data: null,
      error: { status: 415, name: 'ValidationError', message, details: {} },
    });
  }

  async function campusesNamed(name: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/campuses?filters[name][$eq]=${encodeURIComponent(name)}`,
      headers: admin,
    });
    return res.json<{ data: unknown[] }>().data;
  }

  it.each(['text/plain', 'text/plain; charset=utf-8', 'TEXT/PLAIN'])(
    'when a collection route receives JSON text sent as %s, it answers 415 and creates nothing',
    async (type) => {
      const name = unique('Campus en texto');
      const res = await app.inject({
        method: 'POST',
        url: '/api/campuses',
        headers: { ...admin, 'content-type': type },
        payload: JSON.stringify({ data: { name } }),
      });
      expect415(res, 'Unsupported Media Type: text/plain');
      expect(await campusesNamed(name)).toEqual([]);
    },
  );

  it('when an update arrives as text/plain, it answers 415 and the entry is unchanged', async () => {
    const project = await createProject();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: JSON.stringify({ data: { title: 'Otro título' } }),
    });
    expect415(res, 'Unsupported Media Type: text/plain');
    const after = await app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: admin,
    });
    expect(after.json()).toMatchObject({ data: { attributes: { title: project.title } } });
  });

  it('when a custom JSON route (login) receives text/plain or a form, it answers 415, right credentials or not', async () => {
    const user = await createUser();
    const credentials = { identifier: user.email, password: TEST_PASSWORD };
    const asText = await app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(credentials),
      remoteAddress: uniqueIp(),
    });
    expect415(asText, 'Unsupported Media Type: text/plain');
    const asForm = await app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(credentials).toString(),
      remoteAddress: uniqueIp(),
    });
    expect415(asForm, 'Unsupported Media Type: application/x-www-form-urlencoded');
    // The same body as JSON is read: only its type was refused.
    const asJson = await app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(credentials),
      remoteAddress: uniqueIp(),
    });
    expect(asJson.statusCode).toBe(200);
  });

  it('when a collection route receives a form, it answers 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data%5Bname%5D=Campus',
    });
    expect415(res, 'Unsupported Media Type: application/x-www-form-urlencoded');
  });

  it('when a JSON body says application/json; charset=utf-8, it is read and written', async () => {
    const name = unique('Campus JSON');
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ data: { name } }),
    });
    expect(res.statusCode).toBe(200);
    expect(await campusesNamed(name)).toHaveLength(1);
  });

  // Strapi's body parser reads no `*+json` at large, only a fixed few (JSON:API, JSON Patch, CSP
  // reports) whose documents mean something else than a `{data}` body; no client sends them here.
  it('when a JSON body says a +json type (JSON:API), it answers 415 as before', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify({ data: { name: unique('Campus') } }),
    });
    expect415(res, 'Unsupported Media Type: application/vnd.api+json');
  });

  it('when a body comes without a content type, it answers 415 saying the header is missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: admin,
      payload: Buffer.from(JSON.stringify({ data: { name: unique('Campus') } })),
    });
    expect415(res, 'Unsupported Media Type: missing Content-Type');
  });

  it('when the content type is not a media type at all, it answers 415 without quoting it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: { ...admin, 'content-type': '<script>alert(1)</script>' },
      payload: '{}',
    });
    expect415(res, 'Unsupported Media Type');
  });

  it('when a request has no body and no content type (GET, DELETE), nothing changes', async () => {
    const campus = await createCampus();
    const read = await app.inject({ method: 'GET', url: '/api/campuses', headers: admin });
    expect(read.statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/campuses/${campus.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await campusesNamed(campus.name)).toEqual([]);
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
