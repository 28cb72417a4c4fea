import type { FastifyInstance } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';

/** The interactive OpenAPI page at /api/docs and the document at /api/docs/json (docs.plugin.ts). */
export async function docsRoutes(app: FastifyInstance) {
  // The page and the document are built once, with no statement: never queued (ADR 0069).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, admission: false };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
