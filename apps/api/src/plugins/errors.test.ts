import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/helpers/app';
import { asAdmin, createProject } from '../../test/helpers/factories';
import { BODY_LIMIT_BYTES } from '../app';

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
