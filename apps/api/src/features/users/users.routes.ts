import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  meUpdateSchema,
  strapiEntryQuerySchema,
  strapiReadQuerySchema,
  userCreateSchema,
  userUpdateSchema,
} from '@plataforma/shared';
import { serveCached } from '../../lib/cache/serve-cached';
import { onlyRoles, signedIn } from '../../lib/route-guards';
import { registryRef, routeSchema, type RouteDoc } from '../../lib/route-schema';
import { forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/strapi/actor';
import { deleteAccount } from '../privacy/account-deletion.service';
import { createUser, updateMe, updateUser, USER_UID } from './users.service';

const json = 'application/json; charset=utf-8';
const user = registryRef('UserFlat');
const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'> = {}): RouteDoc => ({
  tag: 'users',
  summary,
  ...more,
});

/**
 * The users-permissions user routes (spec §7 Users). Strapi answers them without the
 * `{data, meta}` envelope: a bare array or object (`flat` in read.ts), under the users policy.
 */
export async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { entities } = app;

  app.get(
    '/api/users',
    {
      config: { contentType: USER_UID },
      schema: routeSchema(
        doc('Users the caller may see (a bare array)', { errors: [400, 401, 403] }),
        {
          querystring: strapiReadQuerySchema,
          response: { 200: z.array(user) },
        },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, (tables) =>
        entities.findFlatJson(USER_UID, request.query, request.actor, tables),
      ),
  );

  app.get(
    '/api/users/me',
    {
      preValidation: signedIn,
      config: { contentType: USER_UID },
      schema: routeSchema(
        doc('The caller’s own account', { access: 'bearer', errors: [400, 401] }),
        {
          querystring: strapiEntryQuerySchema,
          response: { 200: user },
        },
      ),
    },
    (request, reply) => {
      const { actor } = request;
      const id = actor.kind === 'user' ? actor.userId : 0;
      return serveCached(request, reply, (tables) =>
        entities.findOneFlatJson(USER_UID, id, request.query, actor, tables),
      );
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { contentType: USER_UID },
      schema: routeSchema(doc('A user', { errors: [400, 401, 403, 404] }), {
        params: idParamsSchema,
        querystring: strapiEntryQuerySchema,
        response: { 200: user },
      }),
    },
    (request, reply) =>
      serveCached(request, reply, (tables) =>
        entities.findOneFlatJson(USER_UID, request.params.id, request.query, request.actor, tables),
      ),
  );

  app.post(
    '/api/users',
    {
      preValidation: onlyRoles(['admin']),
      config: { contentType: USER_UID },
      schema: routeSchema(
        doc('Create an account (admins); the body is not wrapped in data', {
          access: 'bearer',
          errors: [400, 401, 403],
        }),
        { querystring: strapiEntryQuerySchema, body: userCreateSchema, response: { 201: user } },
      ),
    },
    async (request, reply) => {
      const body = await createUser(app, request.actor, request.body, request.query);
      return reply.status(201).type(json).send(body);
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { contentType: USER_UID },
      schema: routeSchema(
        doc(
          'Update a user: the owner their username, email, name, surname, phone and picture; admins more',
          { access: 'bearer', errors: [400, 401, 403, 404] },
        ),
        {
          params: idParamsSchema,
          querystring: strapiEntryQuerySchema,
          body: userUpdateSchema,
          response: { 200: user },
        },
      ),
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await updateUser(app, request.actor, {
        id,
        body: request.body,
        query: request.query,
      });
      return reply.type(json).send(body);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: routeSchema(
        doc('Delete a user (admins); answers the deleted user', {
          description:
            'Admins only, for a person who asked by other means: the same rules as DELETE /api/users/me (ADR 0054): what was only theirs goes, what others rely on stays anonymised. 403 for the admin’s own account.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        }),
        { params: idParamsSchema, response: { 200: user } },
      ),
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isAdmin(request.actor)) throw forbidden();
      const before = await entities.findOneFlatJson(USER_UID, id, {}, request.actor);
      await deleteAccount(app, request.actor, id);
      return reply.type(json).send(before);
    },
  );

  /** `PUT /api/user/me` (spec §7): profile data, the picture (a file id) and profileType once. */
  app.put(
    '/api/user/me',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('Update the own profile data; profileType may be chosen once (not admin)', {
          access: 'bearer',
          errors: [400, 401, 403],
        }),
        { querystring: strapiEntryQuerySchema, body: meUpdateSchema, response: { 200: user } },
      ),
    },
    async (request, reply) => {
      const body = await updateMe(app, request.actor, request.body, request.query);
      return reply.type(json).send(body);
    },
  );
}
