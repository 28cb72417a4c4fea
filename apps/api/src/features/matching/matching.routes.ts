import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recommendedProjectsAnswerSchema } from '@plataforma/shared';
import { jsonText, serveCached } from '../../lib/cache/serve-cached';
import { routeSchema } from '../../lib/route-schema';
import { recommendedProjects } from './matching.recommendations';

/**
 * "Proyectos recomendados para ti" (ADR 0026). A static route: Fastify matches it before the
 * generic `/api/projects/:id`, whatever the registration order.
 */
export async function matchingRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Cached per student like every answer (ADR 0007): a student comes back to /projects often, and
  // scoring costs tens of milliseconds on a large catalogue.
  app.get(
    '/api/projects/recommended',
    {
      schema: routeSchema(
        {
          tag: 'matching',
          summary: 'The best published projects for the signed-in student',
          description:
            'Bearer; students only (403 otherwise). Up to six open projects they have not applied to, by score then newest, each with its score and the reasons it matches (ADR 0026).',
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: recommendedProjectsAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        jsonText({ data: await recommendedProjects(app, request.actor, tables), meta: {} }),
      ),
  );
}
