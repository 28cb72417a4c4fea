import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import type { OpenAPIV3 } from 'openapi-types';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { buildOpenApiDocument } from './registry-document';

const zodTransform = createJsonSchemaTransform({});

/**
 * The OpenAPI document (ADR 0030). Custom routes describe themselves: their zod schemas
 * (lib/route-schema.ts) become their operations as @fastify/swagger collects the routes. The
 * generic content routes declare no schema; their operations come from the registry
 * (`buildOpenApiDocument`, registry-document.ts). Registered before any route so that every route
 * is seen.
 */
async function openApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: '', version: '' },
      // Routes name the scheme in their `security` (lib/route-schema.ts); the registry part
      // declares it again for the whole document.
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // A route without a schema is not described from its (empty) schema: the registry part
    // describes it, and docs.test.ts fails for a route nobody describes.
    transform: (route) =>
      route.schema ? zodTransform(route) : { schema: { hide: true }, url: route.url },
    transformObject: (documents) => {
      const generated = jsonSchemaTransformObject(documents) as OpenAPIV3.Document;
      return mergeDocuments(buildOpenApiDocument(app.entities.registry), generated);
    },
  });
}

/** The registry's document with the generated operations and schemas laid over it. */
function mergeDocuments(
  base: OpenAPIV3.Document,
  generated: OpenAPIV3.Document,
): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = { ...base.paths };
  for (const [path, operations] of Object.entries(generated.paths)) {
    for (const operation of Object.values(operations ?? {})) {
      markDeepObjects(operation);
      markRetryAfter(operation);
    }
    paths[path] = { ...paths[path], ...operations };
  }
  // zod's registry gives every named schema an input and an output component; keep those the
  // paths refer to, directly or through another kept schema.
  const all = generated.components?.schemas ?? {};
  const kept = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name === undefined || kept.has(name) || !(name in all)) continue;
      kept.add(name);
      visit(all[name]);
    }
  };
  visit(generated.paths);
  const generatedSchemas = Object.entries(all).filter(([name]) => kept.has(name));
  return {
    ...base,
    paths,
    components: {
      ...base.components,
      schemas: { ...base.components?.schemas, ...Object.fromEntries(generatedSchemas) },
    },
  };
}

/**
 * Strapi's bracketed query parameters (`filters[name][$contains]=x`, `pagination[page]=2`) are
 * objects in the query string: OpenAPI calls that style deepObject.
 */
function markDeepObjects(operation: unknown) {
  const parameters = (operation as { parameters?: OpenAPIV3.ParameterObject[] }).parameters;
  for (const parameter of parameters ?? []) {
    const schema = parameter.schema as OpenAPIV3.SchemaObject | undefined;
    if (parameter.in === 'query' && schema?.type === 'object') {
      parameter.style = 'deepObject';
      parameter.explode = true;
    }
  }
}

/** A 429 says in `Retry-After` how many seconds to wait (plugins/error-handler.ts). */
function markRetryAfter(operation: unknown) {
  const tooMany = (operation as { responses?: Record<string, OpenAPIV3.ResponseObject> })
    .responses?.['429'];
  if (tooMany) {
    tooMany.headers = {
      'Retry-After': {
        description: 'Seconds to wait before trying again',
        schema: { type: 'integer' },
      },
    };
  }
}

export const openApiPlugin = fp(openApi, { name: 'openapi' });
