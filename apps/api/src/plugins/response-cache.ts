import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';
import { ResponseCache } from '../lib/cache/response-cache';

/**
 * The per-process answer cache. Without a change feed (tests, or a database that cannot notify)
 * it stays off and every read goes to the database.
 */
async function responseCachePlugin(
  app: FastifyInstance,
  options: { feed?: ChangeFeed | undefined; answers?: boolean },
) {
  const cache = new ResponseCache(options.feed);
  cache.keepsAnswers = options.answers ?? true;
  options.feed?.subscribe({
    onChange: (table) => cache.invalidate(table),
    onReset: () => cache.reset(),
  });
  app.decorate('responseCache', cache);
}

export const responseCache = fp(responseCachePlugin, { name: 'response-cache' });
