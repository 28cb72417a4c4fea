import type { FastifyInstance } from 'fastify';
import { serveCached } from '../../lib/cache/serve-cached';
import { requestQuery } from '../../lib/strapi/routes';
import { findMyProjects, searchProjects } from './projects.service';

/**
 * The project catalogue's search and a publisher's own projects (ADR 0024). Creating, editing,
 * moving through the workflow and deleting are the generic routes (projects.lifecycles.ts).
 */
export async function projectsRoutes(app: FastifyInstance) {
  app.get('/api/projects/search', (request, reply) =>
    serveCached(request, reply, async (tables) =>
      JSON.stringify(await searchProjects(app, request.actor, requestQuery(request), tables)),
    ),
  );

  app.get('/api/projects/mine', (request, reply) =>
    serveCached(request, reply, async (tables) =>
      JSON.stringify(await findMyProjects(app, request.actor, requestQuery(request), tables)),
    ),
  );
}
