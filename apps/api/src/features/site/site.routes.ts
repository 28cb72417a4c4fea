import type { FastifyInstance } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { featurePermissions } from '../../db/schema';
import { serveCached } from '../../lib/cache/serve-cached';
import { permissionsFor } from './site.service';

export async function siteRoutes(app: FastifyInstance) {
  /** `GET /api/permissions/status` (spec §7): the feature switches of the caller's role. */
  app.get('/api/permissions/status', (request, reply) =>
    serveCached(request, reply, async (tables) => {
      tables.add(getTableName(featurePermissions));
      return JSON.stringify({ permissions: await permissionsFor(app.db, request.actor) });
    }),
  );
}
