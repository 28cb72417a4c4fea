import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myProjectsAnswerSchema,
  myProjectsQuerySchema,
  projectSearchAnswerSchema,
  projectSearchQuerySchema,
} from '@plataforma/shared';
import { jsonText, serveCached } from '../../lib/cache/serve-cached';
import { routeSchema } from '../../lib/route-schema';
import { findMyProjects, searchProjects } from './projects.service';

/**
 * The project catalogue's search and a publisher's own projects (ADR 0024). Creating, editing,
 * moving through the workflow and deleting are the generic routes (projects.lifecycles.ts).
 */
export async function projectsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/projects/search',
    {
      schema: routeSchema(
        {
          tag: 'projects',
          summary: 'Search the project catalogue, with facets',
          description:
            'Published projects (admins: any status, or those of `status`) matching every filter, a page of them and the facets, each counted over every filter but its own (ADR 0027).',
          errors: [400],
        },
        {
          querystring: projectSearchQuerySchema,
          response: { 200: projectSearchAnswerSchema },
        },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        jsonText(await searchProjects(app, request.actor, request.query, tables)),
      ),
  );

  app.get(
    '/api/projects/mine',
    {
      schema: routeSchema(
        {
          tag: 'projects',
          summary: "The caller's projects, with their candidates",
          description:
            "Bearer; teachers, coordinators and admins. A teacher's, a coordinator's or their organisation's projects (an admin: all) in any status, most recently changed first, with the candidates counted by status.",
          access: 'bearer',
          errors: [400, 401, 403],
        },
        { querystring: myProjectsQuerySchema, response: { 200: myProjectsAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        jsonText(await findMyProjects(app, request.actor, request.query, tables)),
      ),
  );
}
