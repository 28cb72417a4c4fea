import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client';

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: it can reach the database and is
 * not shutting down). A load balancer sends traffic only to ready processes.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (app.isShuttingDown) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await pingDatabase(app.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database-unavailable' });
    }
  });
}
