import type { FastifyInstance } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';

/** The interactive OpenAPI page at /api/docs and the document at /api/docs/json (docs.plugin.ts). */
export async function docsRoutes(app: FastifyInstance) {
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
