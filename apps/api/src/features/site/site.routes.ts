import type { FastifyInstance } from 'fastify';
import { permissionsFor } from './site.service';

export async function siteRoutes(app: FastifyInstance) {
  /** `GET /api/permissions/status` (spec §7): the feature switches of the caller's role. */
  app.get('/api/permissions/status', async (request) => ({
    permissions: await permissionsFor(app.db, request.actor),
  }));
}
