import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_OVERVIEW_RECENT_DAYS, adminOverviewAnswerSchema } from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import { adminOverview } from './admin-home.service';

/**
 * The administration home's figures (ADR 0066). Admins only: 401 without a token, 403 for anyone
 * else, before anything is read. Not wrapped in serveCached: the figures are counted when asked,
 * and the answer to a bearer request leaves with `Cache-Control: no-store` (plugins/security.ts).
 */
export async function adminHomeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/overview',
    {
      preValidation: onlyRoles(['admin'], { visitor: 'unauthorized' }),
      schema: routeSchema(
        {
          tag: 'admin',
          summary: 'What waits for an admin, a few totals and what the server runs on',
          description: `Bearer; admins only. Teachers pending verification, students’ final works pending review, projects «Por validar», failed and waiting emails, people imports queued, running or failed in the last ${ADMIN_OVERVIEW_RECENT_DAYS} days; students, verified teachers, organisations and published projects; the product, Node.js and database versions. Counted when asked (never from the answer cache).`,
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: adminOverviewAnswerSchema } },
      ),
    },
    () => adminOverview(app),
  );
}
