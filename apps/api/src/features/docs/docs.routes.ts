import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from './openapi';

/** The OpenAPI description at /api/docs (interactive) and /api/docs/json. */
export async function docsRoutes(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(app.entities.registry) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
