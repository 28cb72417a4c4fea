import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  communicationCentersReadAllAnswerSchema,
  communicationCentersUnreadCountAnswerSchema,
} from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import {
  countUnreadCommunications,
  markAllCommunicationsRead,
} from './communication-center.service';

/**
 * The communication centre's custom routes (ADR 0044): marking all read, and the bell's count;
 * listing and marking one read are the generic routes of
 * `api::communication-center.communication-center`. Registered before them: the static paths
 * never meet `/api/communication-centers/:id`.
 */
export async function communicationCenterRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/communication-centers/read-all',
    {
      // Only students have entries of their own (spec §4); anyone else learns nothing.
      preValidation: onlyRoles(['student'], { visitor: 'unauthorized' }),
      schema: routeSchema(
        {
          tag: 'communication-centers',
          summary: 'Mark every unread entry of the caller’s communication centre read',
          description:
            'Bearer; students. Marks read, in one statement, the caller’s own unread entries (never anyone else’s, whatever is sent) and answers how many changed (ADR 0044). No body.',
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: communicationCentersReadAllAnswerSchema } },
      ),
    },
    async (request) => ({
      data: await markAllCommunicationsRead(app, request.actor),
    }),
  );

  app.get(
    '/api/communication-centers/unread-count',
    {
      preValidation: onlyRoles(['student'], { visitor: 'unauthorized' }),
      schema: routeSchema(
        {
          tag: 'communication-centers',
          summary: 'Count the caller’s unread communication-centre entries (the bell)',
          description:
            'Bearer; students. The number the bell shows: the caller’s own unread entries, the same that `GET /api/communication-centers?filters[isRead][$eq]=false` answers in `meta.pagination.total`, in one count and without the list engine (ADR 0044). Never cached: it is the caller’s.',
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: communicationCentersUnreadCountAnswerSchema } },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await countUnreadCommunications(app, request.actor) };
    },
  );
}
