import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { serveCached } from '../../lib/cache/serve-cached';
import { requestQuery, routeId } from '../../lib/strapi/routes';
import { createUser, updateMe, updateUser, USER_UID } from './users.service';

const json = 'application/json; charset=utf-8';

/**
 * The users-permissions user routes (spec §7 Users). Strapi answers them without the
 * `{data, meta}` envelope: a bare array or object (`flat` in read.ts).
 */
export async function usersRoutes(app: FastifyInstance) {
  const { entities } = app;

  app.get('/api/users', (request, reply) =>
    serveCached(request, reply, (tables) =>
      entities.findFlatJson(USER_UID, requestQuery(request), request.actor, tables),
    ),
  );

  app.get('/api/users/me', (request, reply) => {
    const actor = request.actor;
    if (actor.kind !== 'user') throw unauthorized();
    return serveCached(request, reply, (tables) =>
      entities.findOneFlatJson(USER_UID, actor.userId, requestQuery(request), actor, tables),
    );
  });

  app.get('/api/users/:id', (request, reply) =>
    serveCached(request, reply, (tables) =>
      entities.findOneFlatJson(
        USER_UID,
        routeId(request),
        requestQuery(request),
        request.actor,
        tables,
      ),
    ),
  );

  app.post('/api/users', async (request, reply) => {
    const id = await createUser(app.db, request.actor, request.body);
    const body = await entities.findOneFlatJson(USER_UID, id, requestQuery(request), request.actor);
    return reply.status(201).type(json).send(body);
  });

  app.put('/api/users/:id', async (request, reply) => {
    const id = routeId(request);
    await updateUser(entities, request.actor, id, request.body);
    return reply
      .type(json)
      .send(await entities.findOneFlatJson(USER_UID, id, requestQuery(request), request.actor));
  });

  app.delete('/api/users/:id', async (request, reply) => {
    const id = routeId(request);
    const before = await entities.findOneFlatJson(USER_UID, id, {}, request.actor);
    await entities.delete(USER_UID, id, {}, request.actor);
    return reply.type(json).send(before);
  });

  /** `PUT /api/user/me` (spec §7): profile data, the picture (a file id) and profileType once. */
  app.put('/api/user/me', async (request, reply) => {
    const id = await updateMe(app.db, request.actor, request.body);
    // The profile type may have changed just now: read back with the new role.
    app.responseCache.invalidate('up_users');
    return reply
      .type(json)
      .send(await entities.findOneFlatJson(USER_UID, id, requestQuery(request), request.actor));
  });
}
