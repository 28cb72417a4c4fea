import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../plugins/error-handler';
import { parseQueryString } from './strapi/query-string';
import { routeSchema } from './route-schema';
import { dataBody, validatorCompiler } from './validation';

async function appWithRoute() {
  const app = Fastify({ routerOptions: { querystringParser: parseQueryString } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/things/:id',
    {
      schema: routeSchema(
        { tag: 'test', summary: 'A test route', errors: [400] },
        {
          params: z.object({ id: z.coerce.number().int().positive() }),
          querystring: z.strictObject({ page: z.coerce.number().int().min(1).default(1) }),
          body: z.strictObject({ email: z.email(), name: z.string().max(5) }),
          response: { 200: z.object({ id: z.number(), page: z.number(), email: z.string() }) },
        },
      ),
    },
    async (request) => ({ id: request.params.id, page: request.query.page, ...request.body }),
  );
  return app;
}

describe('validation of custom routes', () => {
  it('when the body, query and params are valid, the handler gets them parsed and the answer is stripped to its schema', async () => {
    const app = await appWithRoute();
    const res = await app.inject({
      method: 'POST',
      url: '/things/7?page=2',
      payload: { email: 'ana@example.org', name: 'Ana' },
    });
    expect(res.statusCode).toBe(200);
    // `name` is not in the answer's schema: the serializer leaves it out.
    expect(res.json()).toEqual({ id: 7, page: 2, email: 'ana@example.org' });
  });

  it('when the body has problems, the answer is a Strapi 400 listing each with its path', async () => {
    const app = await appWithRoute();
    const res = await app.inject({
      method: 'POST',
      url: '/things/7',
      payload: { name: 'Too long a name', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      data: null;
      error: { name: string; message: string; details: { errors: { path: string[] }[] } };
    }>();
    expect(body.data).toBeNull();
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toBe('3 errors occurred');
    expect(body.error.details.errors).toEqual(
      expect.arrayContaining([
        {
          path: ['email'],
          message: 'email must be defined',
          name: 'ValidationError',
          code: 'required',
        },
        expect.objectContaining({ path: ['name'] }),
        {
          path: ['role'],
          message: 'Invalid key role',
          name: 'ValidationError',
          code: 'unknown_key',
        },
      ]),
    );
  });

  it('when the query or a path parameter is wrong, the message names it', async () => {
    const app = await appWithRoute();
    const page = await app.inject({
      method: 'POST',
      url: '/things/7?page=0&sort=x',
      payload: { email: 'ana@example.org', name: 'Ana' },
    });
    expect(page.statusCode).toBe(400);
    expect(
      page
        .json<{ error: { details: { errors: { path: string[] }[] } } }>()
        .error.details.errors.map((e) => e.path),
    ).toEqual([['page'], ['sort']]);
    const id = await app.inject({
      method: 'POST',
      url: '/things/abc',
      payload: { email: 'ana@example.org', name: 'Ana' },
    });
    expect(id.statusCode).toBe(400);
    expect(id.json<{ error: { message: string } }>().error.message).toMatch(/^id /);
  });

  it('when the query string cannot be parsed, the answer is a 400 that says so', async () => {
    const app = await appWithRoute();
    const res = await app.inject({
      method: 'POST',
      url: '/things/7?__proto__[x]=1',
      payload: { email: 'ana@example.org', name: 'Ana' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(
      /^Invalid query string: /,
    );
  });

  it('when a users-permissions {data} body has problems, they are named inside data; without data, it says so', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(errorHandler);
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/register',
        { schema: { body: dataBody(z.strictObject({ name: z.string() })) } },
        (r) => r.body.data,
      );
    const wrong = await app.inject({
      method: 'POST',
      url: '/register',
      payload: { data: { role: 1 } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      wrong.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error
        .details.errors,
    ).toEqual([
      {
        path: ['name'],
        message: 'name must be defined',
        name: 'ValidationError',
        code: 'required',
      },
      { path: ['role'], message: 'Invalid key role', name: 'ValidationError', code: 'unknown_key' },
    ]);
    const bare = await app.inject({ method: 'POST', url: '/register', payload: { name: 'Ana' } });
    expect(bare.json<{ error: { message: string } }>().error.message).toBe(
      'Missing "data" payload in the request body',
    );
    const ok = await app.inject({
      method: 'POST',
      url: '/register',
      payload: { data: { name: 'Ana' } },
    });
    expect(ok.json()).toEqual({ name: 'Ana' });
  });
});
