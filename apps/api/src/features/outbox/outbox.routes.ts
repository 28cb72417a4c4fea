import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  outboxEmailAnswerSchema,
  outboxListAnswerSchema,
  outboxListQuerySchema,
} from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import { findOutboxEmail, listOutbox, retryOutboxEmail } from './outbox.service';

/**
 * The admins' outbox (ADR 0009), in the Strapi envelope; the web's settings area shows it. Nobody
 * else may see it: 403 before anything is read or checked.
 */
export async function outboxRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admins = onlyRoles(['admin']);
  const doc = { tag: 'outbox', access: 'bearer' } as const;

  app.get(
    '/api/admin/outbox',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          ...doc,
          summary: 'The outbox, newest first (admins)',
          description:
            'By status (`filters[status]`) and recipient (`filters[recipient]`: exact, `$eqi` or `$containsi`), 25 a page by default.',
          errors: [400, 401, 403],
        },
        { querystring: outboxListQuerySchema, response: { 200: outboxListAnswerSchema } },
      ),
    },
    (request) => listOutbox(app, request.query),
  );

  app.get(
    '/api/admin/outbox/:id',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          ...doc,
          summary: 'One email as it was rendered, HTML and text included (admins)',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: { 200: outboxEmailAnswerSchema } },
      ),
    },
    (request) => findOutboxEmail(app, request.params.id),
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          ...doc,
          summary: 'Send a failed or waiting email again, now (admins)',
          description:
            'A fresh round of attempts, due now. 409 when it was already sent or a sender holds it at this moment (sending it again could deliver it twice).',
          errors: [400, 401, 403, 404, 409],
        },
        { params: idParamsSchema, response: { 200: outboxEmailAnswerSchema } },
      ),
    },
    (request) => retryOutboxEmail(app, request.params.id),
  );
}
