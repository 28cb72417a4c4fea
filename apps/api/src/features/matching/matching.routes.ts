import type { FastifyInstance } from 'fastify';
import { serveCached } from '../../lib/cache/serve-cached';
import { recommendedProjects } from './matching.recommendations';

/**
 * "Proyectos recomendados para ti" (ADR 0026). A static route: Fastify matches it before the
 * generic `/api/projects/:id`, whatever the registration order.
 */
export async function matchingRoutes(app: FastifyInstance) {
  // Cached per student like every answer (ADR 0007): a student comes back to /projects often, and
  // scoring costs tens of milliseconds on a large catalogue.
  app.get('/api/projects/recommended', (request, reply) =>
    serveCached(request, reply, async (tables) => {
      const data = await recommendedProjects(app, request.actor, tables);
      return JSON.stringify({ data, meta: {} });
    }),
  );
}
