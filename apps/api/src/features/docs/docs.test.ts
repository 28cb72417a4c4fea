import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('OpenAPI description', () => {
  it('answers /api/docs/json with every exposed content type and the custom routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/projects',
      '/api/projects/{id}',
      '/api/branding-saas',
      '/api/universities/names',
      '/api/auth/local',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.paths).not.toHaveProperty(['/api/users']);
    expect(JSON.stringify(document.components.schemas.UserAttributes)).not.toContain('password');
  });

  it('serves the interactive page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page =
      res.statusCode === 302
        ? await app.inject({
            method: 'GET',
            url: `/api/docs/${String(res.headers.location).replace(/^\.?\/?(api\/docs\/)?/, '')}`,
          })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
