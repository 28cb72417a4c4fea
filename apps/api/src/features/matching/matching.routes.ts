import type { FastifyInstance } from 'fastify';
import { recommendedProjects } from './matching.service';

/**
 * "Proyectos recomendados para ti" (issue 6, ADR 0026). A static route: Fastify matches it before
 * the generic `/api/projects/:id`, whatever the registration order.
 */
export async function matchingRoutes(app: FastifyInstance) {
  app.get('/api/projects/recommended', async (request) => ({
    data: await recommendedProjects(app.db, request.actor),
    meta: {},
  }));
}
