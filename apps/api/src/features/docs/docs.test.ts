import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';

interface OperationLike {
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { headers?: Record<string, unknown> } | undefined>;
}

/**
 * Every route of the app as `{method, path}`, read from `printRoutes({commonPrefix: false})`: a
 * tree in which each line adds its text to its parent's path (4 characters of indentation a level)
 * and lists its methods in parentheses.
 */
function registeredRoutes(instance: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents.length = depth;
    parents.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      routes.push({ method, path });
  }
  return routes;
}

/** `/api/users/:id` -> `/api/users/{id}`, and back. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});
const documentJson = () => app.inject({ method: 'GET', url: '/api/docs/json' });

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
    // Users have no generic content routes: /api/users is the custom, flat users-permissions route.
    expect(JSON.stringify(document.paths['/api/users'])).toContain('#/components/schemas/UserFlat');
    expect(JSON.stringify(document.paths['/api/users'])).not.toContain('UserListResponse');
    for (const secret of ['password', 'tokensValidAfter']) {
      expect(JSON.stringify(document.components.schemas.UserAttributes)).not.toContain(secret);
      expect(JSON.stringify(document.components.schemas.PublicUser)).not.toContain(secret);
    }
  });

  it('describes every route registered under /api and /auth, and no route that does not exist', async () => {
    const document = (await documentJson()).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const registered = registeredRoutes(app).filter(
      ({ method, path }) =>
        !['HEAD', 'OPTIONS'].includes(method) &&
        /^\/(api|auth)(\/|$)/.test(path) &&
        !path.startsWith('/api/docs'),
    );
    // printRoutes is meant for people: make sure its parsing still finds the routes.
    expect(registered).toContainEqual({ method: 'POST', path: '/auth/request-message' });
    expect(registered).toContainEqual({ method: 'PUT', path: '/api/students/user/:userId' });
    expect(registered.length).toBeGreaterThan(60);

    const undocumented = registered
      .filter(({ method, path }) => !document.paths[openApiPath(path)]?.[method.toLowerCase()])
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);

    const unknown = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => !app.hasRoute({ method: method.toUpperCase(), url: fastifyPath(path) }))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(unknown).toEqual([]);
  });

  it('gives the custom routes their bodies, answers and errors', async () => {
    const document = (await documentJson()).json<{
      paths: Record<string, Record<string, OperationLike>>;
    }>();
    const login = document.paths['/api/auth/local']?.post;
    expect(login?.responses['200']).toBeDefined();
    expect(login?.responses['429']?.headers).toHaveProperty(['Retry-After']);
    expect(document.paths['/auth']?.post?.security).toEqual([]);
    expect(document.paths['/api/auth/change-password']?.post?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/upload']?.post?.requestBody?.content).toHaveProperty([
      'multipart/form-data',
    ]);
    expect(Object.keys(document.paths['/api/upload']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '413', '415', '429']),
    );
    expect(document.paths['/api/admin/outbox/{id}/retry']?.post?.responses).toHaveProperty(['409']);
    const invite = document.paths['/api/communication/inviteStudent']?.post;
    expect(JSON.stringify(invite?.requestBody)).toContain('"additionalProperties":false');
  });

  it('refers only to schemas it defines', async () => {
    const document = (await documentJson()).json<{
      components: { schemas: Record<string, unknown> };
    }>();
    const refs = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
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
