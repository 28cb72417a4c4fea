import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../errors';
import { QUERY_PARSE_ERROR } from './query-string';
import type { EntityService, RawQuery } from './engine';
import { serveCached } from '../cache/serve-cached';
import { parseId } from './parse';
import { answeringReplays, idempotencyScope } from '../idempotency';

/** The parsed query string of a request, or a 400 when qs could not parse it. */
export function requestQuery(request: FastifyRequest): RawQuery {
  const query = request.query as Record<string | symbol, unknown>;
  if (query[QUERY_PARSE_ERROR]) {
    throw validationError(`Invalid query string: ${query[QUERY_PARSE_ERROR] as string}`);
  }
  return query;
}

export function routeId(request: FastifyRequest): number {
  return parseId((request.params as { id?: unknown }).id);
}

/**
 * The generic REST routes of every exposed content type (Strapi v4 core routes): collection types
 * at /api/{plural} and /api/{plural}/{id}, single types at /api/{singular}. A create may carry an
 * `Idempotency-Key` (ADR 0068); every write logs its after-commit failures on the request's log.
 */
export async function contentRoutes(app: FastifyInstance, options: { entities: EntityService }) {
  const { entities } = options;
  for (const type of entities.registry.all()) {
    if (!type.exposed) continue;
    const uid = type.uid;
    // Names the answers' type, for the record of admins' reads of private fields (ADR 0054).
    const config = { contentType: uid };
    if (type.kind === 'singleType') {
      const path = `/api/${type.singularName}`;
      app.get(path, { config }, (request, reply) =>
        serveCached(request, reply, (tables) =>
          entities.findSingleJson(uid, requestQuery(request), request.actor, tables),
        ),
      );
      app.put(path, { config }, (request) =>
        entities.upsertSingle(uid, request.body, requestQuery(request), request.actor, {
          log: request.log,
        }),
      );
      app.delete(path, { config }, (request) =>
        entities.deleteSingle(uid, requestQuery(request), request.actor, { log: request.log }),
      );
      continue;
    }
    const base = `/api/${type.pluralName}`;
    app.get(base, { config }, (request, reply) =>
      serveCached(request, reply, (tables) =>
        entities.findJson(uid, requestQuery(request), request.actor, tables),
      ),
    );
    app.post(base, { config }, (request, reply) =>
      answeringReplays(reply, () =>
        entities.create(uid, request.body, requestQuery(request), request.actor, {
          idempotency: idempotencyScope(request, 200),
          log: request.log,
        }),
      ),
    );
    app.get(`${base}/:id`, { config }, (request, reply) =>
      serveCached(request, reply, (tables) =>
        entities.findOneJson(uid, routeId(request), requestQuery(request), request.actor, tables),
      ),
    );
    app.put(`${base}/:id`, { config }, (request) =>
      entities.update(uid, routeId(request), request.body, requestQuery(request), request.actor, {
        log: request.log,
      }),
    );
    app.delete(`${base}/:id`, { config }, (request) =>
      entities.delete(uid, routeId(request), requestQuery(request), request.actor, {
        log: request.log,
      }),
    );
  }
}
