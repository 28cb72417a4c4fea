import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/helpers/app';
import { createNotification, createStudent, bearer } from '../../test/helpers/factories';

/**
 * Answers that depend on who asks are never kept by a browser or a proxy (ADR 0052): every answer
 * to a request with credentials says `Cache-Control: no-store`, unless its route decided its own.
 */

let app: FastifyInstance;
let student: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  const profile = await createStudent();
  await createNotification({ studentId: profile.id });
  student = bearer(app, profile.userId);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('no-store on answers to someone signed in', () => {
  it.each([
    '/api/users/me',
    '/api/students',
    '/api/communication-centers',
    '/api/applys',
    '/api/universities',
  ])('GET %s with a bearer token is no-store', async (url) => {
    const res = await get(url, student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an error answer to a bearer token is no-store too', async () => {
    const res = await get('/api/users/me', { authorization: 'Bearer nope' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a request with the web’s session cookie is no-store, even without a bearer token', async () => {
    const res = await get('/api/universities', { cookie: 'theme=dark; token=abc.def.ghi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a route that sets its own caching keeps it for someone signed in', async () => {
    const res = await get('/api/imports/tfxes/template', student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('visitors’ answers are unchanged', () => {
  it.each(['/api/universities', '/api/footer-sections', '/api/legal-texts'])(
    'GET %s without credentials carries no cache-control of ours',
    async (url) => {
      const res = await get(url, { cookie: 'theme=dark; notatoken=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
    },
  );

  it('a public route keeps its own caching for a visitor', async () => {
    const res = await get('/api/imports/tfxes/template');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
