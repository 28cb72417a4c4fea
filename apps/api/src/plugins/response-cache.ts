import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';
import { ResponseCache } from '../lib/cache/response-cache';
import type { TableSink } from '../lib/strapi/engine';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** Who the answer is for: the same URL answers differently to different actors. */
function actorKey(request: FastifyRequest): string {
  const actor = request.actor;
  return actor.kind === 'visitor' ? 'visitor' : `user:${actor.userId}`;
}

/**
 * Answers a read route from the cache, or computes, stores and answers it. `compute` reports the
 * tables it read into the sink; the entry lives until one of them changes (ADR 0007).
 */
export async function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (tables: TableSink) => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = request.server.responseCache;
  const key = `${actorKey(request)} ${request.url}`;
  const hit = cache.get(key);
  void reply.type('application/json; charset=utf-8');
  if (hit !== undefined) return reply.header('x-cache', 'hit').send(hit);
  const before = cache.snapshot();
  const tables: TableSink = new Set();
  const body = JSON.stringify(await compute(tables));
  cache.set(key, body, before, tables);
  return reply.header('x-cache', cache.enabled ? 'miss' : 'off').send(body);
}

/**
 * The per-process answer cache. Without a change feed (tests, or a database that cannot notify)
 * it stays off and every read goes to the database.
 */
async function responseCachePlugin(
  app: FastifyInstance,
  options: { feed?: ChangeFeed | undefined },
) {
  const cache = new ResponseCache(options.feed);
  options.feed?.subscribe({
    onChange: (table) => cache.invalidate(table),
    onReset: () => cache.reset(),
  });
  app.decorate('responseCache', cache);
}

export const responseCache = fp(responseCachePlugin, { name: 'response-cache' });
