import type { OpenAPIV3 } from 'openapi-types';
import type { Registry } from '../../lib/strapi/registry';
import type { Attribute, ContentType } from '../../lib/strapi/types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@plataforma/shared';
import { ERROR_NAMES, type ErrorStatus } from '../../lib/route-schema';
import { MAX_POPULATE_DEPTH } from '../../lib/strapi/parse';
import { IDEMPOTENCY_KEY_DESCRIPTION, IDEMPOTENCY_KEY_RULE } from '../../lib/idempotency';

/**
 * The part of the OpenAPI document the content types give (ADR 0030): their schemas and the
 * generic routes' operations, derived from the registry so they cannot drift from it. Custom
 * routes describe themselves through their zod schemas (docs.plugin.ts); nothing here is written
 * by hand for one route.
 */

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;
const ref = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const pascal = (name: string) =>
  name.replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase());

function attributeSchema(attribute: Attribute): Schema {
  if (attribute.kind === 'relation') {
    if (attribute.media) return ref('MediaRelation');
    return attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany'
      ? ref('RelationMany')
      : ref('RelationOne');
  }
  if (attribute.kind === 'component') {
    return {
      description: 'Component; answered only when populated',
      ...(attribute.repeatable ? { type: 'array', items: { type: 'object' } } : { type: 'object' }),
    };
  }
  const nullable = attribute.nullable ? { nullable: true } : {};
  switch (attribute.type) {
    case 'string':
      return {
        type: 'string',
        ...(attribute.maxLength ? { maxLength: attribute.maxLength } : {}),
        ...nullable,
      };
    case 'text':
      return { type: 'string', ...nullable };
    case 'enumeration':
      return { type: 'string', enum: [...(attribute.enumValues ?? [])], ...nullable };
    case 'integer':
      return { type: 'integer', ...nullable };
    case 'decimal':
      return { type: 'number', ...nullable };
    case 'boolean':
      return { type: 'boolean', ...nullable };
    case 'datetime':
      return { type: 'string', format: 'date-time', ...nullable };
    case 'date':
      return { type: 'string', format: 'date', ...nullable };
    case 'json':
      return { description: 'JSON value', ...nullable };
    case 'list':
      return {
        type: 'array',
        items: { type: attribute.itemType === 'integer' ? 'integer' : 'string' },
        ...nullable,
      };
  }
}

function typeSchemas(type: ContentType): Record<string, Schema> {
  const name = pascal(type.singularName);
  const readable: Record<string, Schema> = {};
  const writable: Record<string, Schema> = {};
  const required: string[] = [];
  for (const attribute of type.attributes.values()) {
    if (attribute.visibility === 'private') continue;
    const schema = attributeSchema(attribute);
    readable[attribute.name] =
      attribute.visibility === 'protected'
        ? {
            allOf: [schema],
            description: 'Protected: answered only to whom it belongs and to admins',
          }
        : schema;
    if (attribute.writable) {
      writable[attribute.name] =
        attribute.kind === 'relation'
          ? ref(
              attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany'
                ? 'RelationManyInput'
                : 'RelationOneInput',
            )
          : schema;
      if (attribute.kind === 'scalar' && attribute.required) required.push(attribute.name);
      if (attribute.kind === 'relation' && attribute.fk?.notNull) required.push(attribute.name);
    }
  }
  if (type.draftAndPublish)
    writable.publishedAt = { type: 'string', format: 'date-time', nullable: true };
  return {
    [`${name}Attributes`]: { type: 'object', properties: readable },
    [`${name}`]: {
      type: 'object',
      properties: { id: { type: 'integer' }, attributes: ref(`${name}Attributes`) },
    },
    [`${name}Input`]: {
      type: 'object',
      required: ['data'],
      properties: {
        data: { type: 'object', properties: writable, required, additionalProperties: false },
      },
    },
    [`${name}Response`]: {
      type: 'object',
      properties: { data: ref(name), meta: { type: 'object' } },
    },
    [`${name}ListResponse`]: {
      type: 'object',
      properties: {
        data: { type: 'array', items: ref(name) },
        meta: { type: 'object', properties: { pagination: ref('Pagination') } },
      },
    },
  };
}

const queryParameters: OpenAPIV3.ParameterObject[] = [
  {
    name: 'filters',
    in: 'query',
    style: 'deepObject',
    explode: true,
    description:
      'Strapi v4 filters, e.g. filters[title][$containsi]=agua, nested through relations (filters[organization][name][$eq]=...). Operators: $eq $eqi $ne $nei $lt $lte $gt $gte $in $notIn $contains $notContains $containsi $notContainsi $null $notNull $between $startsWith $startsWithi $endsWith $endsWithi, and $and $or $not.',
    schema: { type: 'object' },
  },
  {
    name: 'populate',
    in: 'query',
    description: `Relations to include: *, a comma list (a,b.c), an array or an object with nested populate/fields/filters/sort/count; at most ${MAX_POPULATE_DEPTH} levels.`,
    schema: {},
  },
  {
    name: 'fields',
    in: 'query',
    description: 'Attributes to answer (comma list or array); the id is always answered.',
    schema: {},
  },
  {
    name: 'sort',
    in: 'query',
    description: 'field, field:desc, relation.field:asc, comma list or array.',
    schema: {},
  },
  { name: 'pagination[page]', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'pagination[pageSize]',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
  { name: 'pagination[start]', in: 'query', schema: { type: 'integer', minimum: 0 } },
  {
    name: 'pagination[limit]',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  },
  { name: 'pagination[withCount]', in: 'query', schema: { type: 'boolean', default: true } },
  {
    name: 'publicationState',
    in: 'query',
    schema: { type: 'string', enum: ['live', 'preview'], default: 'live' },
  },
];
const entryParameters = queryParameters.filter((p) =>
  ['populate', 'fields', 'publicationState'].includes(p.name),
);
const pathParameter = (name: string): OpenAPIV3.ParameterObject => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 1 },
});
const idParameter = pathParameter('id');
/** A create may be sent again under the same key and answer once (ADR 0068). */
const idempotencyKeyParameter: OpenAPIV3.ParameterObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: IDEMPOTENCY_KEY_DESCRIPTION,
  schema: { type: 'string', ...IDEMPOTENCY_KEY_RULE },
};

/** Error answers for these statuses, in the Strapi error envelope; 429 says when to retry. */
function errors(...statuses: ErrorStatus[]): OpenAPIV3.ResponsesObject {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: ERROR_NAMES[status],
        content: { 'application/json': { schema: ref('Error') } },
        ...(status === 429
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds to wait before trying again',
                  schema: { type: 'integer' },
                },
              },
            }
          : {}),
      } satisfies OpenAPIV3.ResponseObject,
    ]),
  );
}
const contentErrors = errors(400, 401, 403, 404);

const json = (schema: Schema, description = 'OK'): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});

function typePaths(type: ContentType): OpenAPIV3.PathsObject {
  const name = pascal(type.singularName);
  const tags = [type.pluralName];
  const body: OpenAPIV3.RequestBodyObject = {
    required: true,
    content: { 'application/json': { schema: ref(`${name}Input`) } },
  };
  if (type.kind === 'singleType') {
    return {
      [`/api/${type.singularName}`]: {
        get: {
          tags,
          summary: `Get ${type.singularName}`,
          parameters: entryParameters,
          responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
        },
        put: {
          tags,
          summary: `Update ${type.singularName}`,
          requestBody: body,
          responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
        },
        delete: {
          tags,
          summary: `Delete ${type.singularName}`,
          responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
        },
      },
    };
  }
  return {
    [`/api/${type.pluralName}`]: {
      get: {
        tags,
        summary: `List ${type.pluralName}`,
        parameters: queryParameters,
        responses: { '200': json(ref(`${name}ListResponse`)), ...contentErrors },
      },
      post: {
        tags,
        summary: `Create a ${type.singularName}`,
        parameters: [...entryParameters, idempotencyKeyParameter],
        requestBody: body,
        responses: {
          '200': {
            ...json(ref(`${name}Response`)),
            headers: {
              'Idempotent-Replayed': {
                description:
                  '`true` when the answer is the one of an earlier request with the same Idempotency-Key',
                schema: { type: 'string', enum: ['true'] },
              },
            },
          },
          ...contentErrors,
          ...errors(422),
        },
      },
    },
    [`/api/${type.pluralName}/{id}`]: {
      get: {
        tags,
        summary: `Get a ${type.singularName}`,
        parameters: [idParameter, ...entryParameters],
        responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
      },
      put: {
        tags,
        summary: `Update a ${type.singularName}`,
        parameters: [idParameter, ...entryParameters],
        requestBody: body,
        responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
      },
      delete: {
        tags,
        summary: `Delete a ${type.singularName}`,
        parameters: [idParameter],
        responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
      },
    },
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Custom routes (docs/api.md, "Custom routes")                                               */
/* ------------------------------------------------------------------------------------------ */

/** The OpenAPI 3 description of the API, built from the registry so it cannot drift from it. */
export function buildOpenApiDocument(registry: Registry): OpenAPIV3.Document {
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'object',
      properties: {
        data: { nullable: true, enum: [null] },
        error: {
          type: 'object',
          properties: {
            status: { type: 'integer' },
            name: { type: 'string' },
            message: { type: 'string' },
            details: { type: 'object' },
          },
        },
      },
    },
    Pagination: {
      type: 'object',
      properties: {
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
        pageCount: { type: 'integer' },
        start: { type: 'integer' },
        limit: { type: 'integer' },
        total: { type: 'integer' },
      },
    },
    RelationOne: {
      type: 'object',
      description: 'Answered only when populated',
      properties: { data: { type: 'object', nullable: true } },
    },
    RelationMany: {
      type: 'object',
      description: 'Answered only when populated',
      properties: { data: { type: 'array', items: { type: 'object' } } },
    },
    MediaRelation: {
      type: 'object',
      description: 'Answered only when populated',
      properties: { data: { ...ref('File'), nullable: true } as Schema },
    },
    RelationOneInput: {
      description: 'An id, {id}, null or {connect:[id]}',
      oneOf: [{ type: 'integer' }, { type: 'object' }],
      nullable: true,
    },
    RelationManyInput: {
      description: 'A list of ids or {connect, disconnect, set}',
      oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'object' }],
    },
  };
  schemas.UserFlat = {
    description:
      'A user as users-permissions answers it: flat, no {data, meta} envelope (populated relations flat too)',
    allOf: [
      { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      ref('UserAttributes'),
    ],
  };
  const paths: OpenAPIV3.PathsObject = {};
  for (const type of registry.all()) {
    Object.assign(schemas, typeSchemas(type));
    if (type.exposed) Object.assign(paths, typePaths(type));
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'API de la plataforma',
      version: '1.0.0',
      description:
        'Strapi v4 compatible REST API. Lists answer {data:[{id, attributes}], meta:{pagination}}; errors answer {data:null, error:{status, name, message, details}}. See docs/api.md.',
    },
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{}, { bearer: [] }],
    paths,
  };
}
