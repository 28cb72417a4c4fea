import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/strapi/actor';
import {
  findOutboxEmail,
  listOutbox,
  parseId,
  parseListQuery,
  retryOutboxEmail,
} from './outbox.service';

function requireAdmin(request: FastifyRequest) {
  if (!isAdmin(request.actor)) throw forbidden();
}

/** The admins' outbox (issue 3 Email), in the Strapi envelope. Nobody else may see it: 403. */
export async function outboxRoutes(app: FastifyInstance) {
  app.get('/api/admin/outbox', async (request) => {
    requireAdmin(request);
    return listOutbox(app.db, parseListQuery(request.query));
  });

  app.get<{ Params: { id: string } }>('/api/admin/outbox/:id', async (request) => {
    requireAdmin(request);
    return findOutboxEmail(app.db, parseId(request.params.id));
  });

  app.post<{ Params: { id: string } }>('/api/admin/outbox/:id/retry', async (request) => {
    requireAdmin(request);
    const answer = await retryOutboxEmail(app.db, parseId(request.params.id));
    app.emailSender.wake();
    return answer;
  });
}
