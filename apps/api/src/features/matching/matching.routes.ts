import { getTableName } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applys,
  degrees,
  files,
  organizations,
  projects,
  students,
  studentsFavoriteProjects,
  teachers,
  users,
} from '../../db/schema';
import { serveCached } from '../../lib/cache/serve-cached';
import { recommendedProjects } from './matching.service';

/** What the recommendations read: a change to any of them computes them again. */
const READ_TABLES = [
  projects,
  applys,
  students,
  degrees,
  studentsFavoriteProjects,
  organizations,
  files,
  teachers,
  users,
].map((table) => getTableName(table));

/**
 * "Proyectos recomendados para ti" (issue 6, ADR 0026). A static route: Fastify matches it before
 * the generic `/api/projects/:id`, whatever the registration order.
 */
export async function matchingRoutes(app: FastifyInstance) {
  // Cached per student like every answer (ADR 0007): a student comes back to /projects often, and
  // scoring costs tens of milliseconds on a large catalogue.
  app.get('/api/projects/recommended', (request, reply) =>
    serveCached(request, reply, async (tables) => {
      const data = await recommendedProjects(app.db, request.actor);
      for (const table of READ_TABLES) tables.add(table);
      return JSON.stringify({ data, meta: {} });
    }),
  );
}
