import type { OpenAPIV3 } from 'openapi-types';
import type { Registry } from '../../lib/strapi/registry';
import type { Attribute, ContentType } from '../../lib/strapi/types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_POPULATE_DEPTH } from '../../lib/strapi/parse';

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
const idParameter: OpenAPIV3.ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 1 },
};

const errors: OpenAPIV3.ResponsesObject = {
  '400': {
    description: 'ValidationError',
    content: { 'application/json': { schema: ref('Error') } },
  },
  '401': {
    description: 'UnauthorizedError',
    content: { 'application/json': { schema: ref('Error') } },
  },
  '403': {
    description: 'ForbiddenError',
    content: { 'application/json': { schema: ref('Error') } },
  },
  '404': {
    description: 'NotFoundError',
    content: { 'application/json': { schema: ref('Error') } },
  },
};
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
          responses: { '200': json(ref(`${name}Response`)), ...errors },
        },
        put: {
          tags,
          summary: `Update ${type.singularName}`,
          requestBody: body,
          responses: { '200': json(ref(`${name}Response`)), ...errors },
        },
        delete: {
          tags,
          summary: `Delete ${type.singularName}`,
          responses: { '200': json(ref(`${name}Response`)), ...errors },
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
        responses: { '200': json(ref(`${name}ListResponse`)), ...errors },
      },
      post: {
        tags,
        summary: `Create a ${type.singularName}`,
        parameters: entryParameters,
        requestBody: body,
        responses: { '200': json(ref(`${name}Response`)), ...errors },
      },
    },
    [`/api/${type.pluralName}/{id}`]: {
      get: {
        tags,
        summary: `Get a ${type.singularName}`,
        parameters: [idParameter, ...entryParameters],
        responses: { '200': json(ref(`${name}Response`)), ...errors },
      },
      put: {
        tags,
        summary: `Update a ${type.singularName}`,
        parameters: [idParameter, ...entryParameters],
        requestBody: body,
        responses: { '200': json(ref(`${name}Response`)), ...errors },
      },
      delete: {
        tags,
        summary: `Delete a ${type.singularName}`,
        parameters: [idParameter],
        responses: { '200': json(ref(`${name}Response`)), ...errors },
      },
    },
  };
}

const namesParameters: OpenAPIV3.ParameterObject[] = [
  {
    name: 'filters[name][$contains]',
    in: 'query',
    description: 'Search text; case and accents are ignored.',
    schema: { type: 'string' },
  },
  { name: 'pagination[page]', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'pagination[pageSize]',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 },
  },
];

/** The routes that are not generic content routes. */
const customPaths: OpenAPIV3.PathsObject = {
  '/api/auth/local': {
    post: {
      tags: ['auth'],
      summary: 'Sign in with email or username and password',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['identifier', 'password'],
              properties: { identifier: { type: 'string' }, password: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        '200': json({
          type: 'object',
          properties: { jwt: { type: 'string' }, user: { type: 'object' } },
        }),
        ...errors,
      },
    },
  },
  '/api/permissions/status': {
    get: {
      tags: ['site'],
      summary: 'Feature switches of the caller’s role',
      responses: {
        '200': json({ type: 'object', properties: { permissions: { type: 'object' } } }),
      },
    },
  },
  '/api/universities/names': {
    get: {
      tags: ['catalogue'],
      summary: 'University names (combobox options)',
      parameters: namesParameters,
      responses: { '200': json(ref('UniversityListResponse')), ...errors },
    },
  },
  '/api/campuses/names': {
    get: {
      tags: ['catalogue'],
      summary: 'Campus names, optionally of one university (filters[university][name][$eq])',
      parameters: namesParameters,
      responses: { '200': json(ref('CampusListResponse')), ...errors },
    },
  },
  '/api/degree/names': {
    get: {
      tags: ['catalogue'],
      summary:
        'Degree names, optionally by master (filters[master][$eq]) and campus (filters[campuses][id][$eq])',
      parameters: namesParameters,
      responses: { '200': json(ref('DegreeListResponse')), ...errors },
    },
  },
  '/api/degree/fetchNames': {
    get: {
      tags: ['catalogue'],
      summary: 'Degrees with their campuses and calls',
      parameters: queryParameters,
      responses: { '200': json(ref('DegreeListResponse')), ...errors },
    },
  },
  '/healthz': {
    get: {
      tags: ['operations'],
      summary: 'Liveness',
      responses: { '200': { description: 'The process answers' } },
    },
  },
  '/readyz': {
    get: {
      tags: ['operations'],
      summary: 'Readiness',
      responses: { '200': { description: 'Ready' }, '503': { description: 'Not ready' } },
    },
  },
};

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
  const paths: OpenAPIV3.PathsObject = { ...customPaths };
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
