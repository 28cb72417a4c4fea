import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import { routeSchema } from '../../lib/route-schema';

const notReady = z
  .object({ status: z.enum(['shutting-down', 'database-unavailable']) })
  .describe('Not ready');

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: it can reach the database and is
 * not shutting down). A load balancer sends traffic only to ready processes.
 */
export async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    {
      // Probed every few seconds by the balancer: not worth a log line (ADR 0057).
      config: { requestLog: false },
      schema: routeSchema(
        { tag: 'operations', summary: 'Liveness' },
        {
          response: { 200: z.object({ status: z.literal('ok') }).describe('The process answers') },
        },
      ),
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { requestLog: false },
      schema: routeSchema(
        { tag: 'operations', summary: 'Readiness' },
        { response: { 200: z.object({ status: z.literal('ready') }), 503: notReady } },
      ),
    },
    async (_request, reply) => {
      if (app.isShuttingDown) return reply.status(503).send({ status: 'shutting-down' });
      try {
        await pingDatabase(app.db);
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ status: 'database-unavailable' });
      }
    },
  );
}
