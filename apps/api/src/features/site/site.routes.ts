import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTableName } from 'drizzle-orm';
import { permissionsStatusAnswerSchema } from '@plataforma/shared';
import { featurePermissions } from '../../db/schema';
import { jsonText, serveCached } from '../../lib/cache/serve-cached';
import { routeSchema } from '../../lib/route-schema';
import { permissionsFor } from './site.service';

export async function siteRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/permissions/status',
    {
      schema: routeSchema(
        {
          tag: 'site',
          summary: 'Feature switches of the caller’s role',
          description:
            'Visitors get the switches of the public role. A feature without a row is off (spec §3, §7).',
          errors: [401],
        },
        { response: { 200: permissionsStatusAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) => {
        tables.add(getTableName(featurePermissions));
        return jsonText({ permissions: await permissionsFor(app.db, request.actor) });
      }),
  );
}
