import type { OpenAPIV3 } from 'openapi-types';
import type { Registry } from '../../lib/strapi/registry';
import type { Attribute, ContentType } from '../../lib/strapi/types';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PROFILE_TYPES,
  REMEMBER_ME_DAYS,
} from '@plataforma/shared';
import { MAX_POPULATE_DEPTH } from '../../lib/strapi/parse';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';
import { SELF_SERVICE_PROFILE_TYPES } from '../auth/auth.schemas';

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

/** The Strapi error name of each status the API answers (lib/errors.ts). */
const ERROR_NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ApplicationError',
  413: 'PayloadTooLargeError',
  415: 'ValidationError',
  429: 'RateLimitError',
};

/** Error answers for these statuses, in the Strapi error envelope; 429 says when to retry. */
function errors(...statuses: (keyof typeof ERROR_NAMES)[]): OpenAPIV3.ResponsesObject {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: ERROR_NAMES[status] ?? 'Error',
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
        parameters: entryParameters,
        requestBody: body,
        responses: { '200': json(ref(`${name}Response`)), ...contentErrors },
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

const string: Schema = { type: 'string' };
const integer: Schema = { type: 'integer' };
const boolean: Schema = { type: 'boolean' };
const email: Schema = { type: 'string', format: 'email' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nullable = (schema: OpenAPIV3.NonArraySchemaObject): Schema => ({
  ...schema,
  nullable: true,
});
const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });

/** An object with these properties (every one required unless its name ends with `?`). */
function object(
  properties: Record<string, Schema>,
  extra: Pick<OpenAPIV3.NonArraySchemaObject, 'additionalProperties'> = {},
): OpenAPIV3.NonArraySchemaObject {
  const required = Object.keys(properties).filter((key) => !key.endsWith('?'));
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => [key.replace(/\?$/, ''), schema]),
    ),
    ...(required.length > 0 ? { required } : {}),
    ...extra,
  };
}
/** A body that refuses unknown keys (400 `Invalid key ...`), as the custom routes do. */
const strict = (properties: Record<string, Schema>) =>
  object(properties, { additionalProperties: false });

function jsonBody(schema: Schema): OpenAPIV3.RequestBodyObject {
  return { required: true, content: { 'application/json': { schema } } };
}

const queryParameter = (
  name: string,
  schema: Schema,
  description?: string,
): OpenAPIV3.ParameterObject => ({
  name,
  in: 'query',
  schema,
  ...(description ? { description } : {}),
});

/** How a route treats the bearer token (plugins/actor.ts). */
type Access = 'public' | 'bearer' | 'optional';
const SECURITY: Record<Access, OpenAPIV3.SecurityRequirementObject[]> = {
  // `config: {auth: false}`: any bearer token is ignored.
  public: [],
  bearer: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
};

interface CustomOperation {
  summary: string;
  description?: string;
  access?: Access;
  parameters?: OpenAPIV3.ParameterObject[];
  /** A JSON body. */
  body?: Schema;
  /** Any other body (multipart). */
  requestBody?: OpenAPIV3.RequestBodyObject;
  /** The 200 answer. */
  ok?: OpenAPIV3.ResponseObject;
  /** Other answers that are not errors (201, 302, 304, 503...). */
  responses?: OpenAPIV3.ResponsesObject;
  /** Error statuses, answered in the Strapi error envelope. */
  errors?: (keyof typeof ERROR_NAMES)[];
}

/** Makes the operations of one tag; `access` defaults to an optional bearer token. */
const tagged =
  (tag: string) =>
  (spec: CustomOperation): OpenAPIV3.OperationObject => ({
    tags: [tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.access ?? 'optional'],
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    ...(spec.body ? { requestBody: jsonBody(spec.body) } : {}),
    ...(spec.requestBody ? { requestBody: spec.requestBody } : {}),
    responses: {
      ...(spec.ok ? { '200': spec.ok } : {}),
      ...spec.responses,
      ...errors(...(spec.errors ?? [])),
    },
  });

const auth = tagged('auth');
const users = tagged('users');

const OK_ANSWER = json(object({ ok: { type: 'boolean', enum: [true] } }));
const LINK_SENT = json(object({ email, sent: { type: 'boolean', enum: [true] } }));
const SESSION = json(ref('Session'), 'A new session (access token, user, refresh token)');
const readParameters = queryParameters.filter((p) => ['populate', 'fields'].includes(p.name));

const password = { type: 'string', maxLength: 4096 } satisfies Schema;
const profileFields = {
  email,
  'username?': {
    type: 'string',
    minLength: 3,
    maxLength: 50,
    description: 'Letters, digits, dots, dashes or underscores (never @)',
  },
  name: { type: 'string', maxLength: 100 },
  'surname?': { type: 'string', maxLength: 150 },
  'phone?': { type: 'string', maxLength: 30 },
} satisfies Record<string, Schema>;
const registerBody = strict({
  data: strict({
    ...profileFields,
    password,
    'passwordConfirmation?': password,
    profileType: enumOf(SELF_SERVICE_PROFILE_TYPES),
  }),
});
const adminRegisterBody = strict({
  data: strict({ ...profileFields, profileType: enumOf(PROFILE_TYPES) }),
});
const newPassword = { password, passwordConfirmation: password };

const customPaths: OpenAPIV3.PathsObject = {
  // ---- authentication (ADR 0008) ----
  '/api/auth/local': {
    post: auth({
      summary: 'Sign in with email or username and password',
      description: `Opens a session: an access token valid ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes and a refresh token valid ${REMEMBER_ME_DAYS} days.`,
      access: 'public',
      body: object({
        identifier: { type: 'string', maxLength: 255 },
        password: { type: 'string', maxLength: 1024 },
      }),
      ok: SESSION,
      errors: [400, 429],
    }),
  },
  '/auth': {
    post: auth({
      summary: 'Exchange a refresh token for a new access token and a new refresh token',
      description:
        'The refresh token is single use; the new one keeps its expiry. A spent token presented again ends every session of its user.',
      access: 'public',
      body: strict({ refreshToken: string }),
      ok: json(object({ jwt: string, refreshToken: string })),
      errors: [400, 401],
    }),
  },
  '/api/auth/logout': {
    post: auth({
      summary: 'End the session of a refresh token',
      access: 'public',
      body: strict({ refreshToken: string }),
      ok: OK_ANSWER,
      errors: [400],
    }),
  },
  '/api/users-permissions/register-partialy': {
    post: auth({
      summary: 'Sign up as a student, teacher or coordinator (unconfirmed; a confirmation email)',
      access: 'public',
      body: registerBody,
      ok: json(object({ user: ref('PublicUser') })),
      errors: [400, 429],
    }),
  },
  '/api/users-permissions/admin-register': {
    post: auth({
      summary: 'An admin creates a confirmed account of any profile type (a reset link is sent)',
      access: 'bearer',
      body: adminRegisterBody,
      ok: json(object({ user: ref('PublicUser') })),
      errors: [400, 401, 403],
    }),
  },
  '/api/auth/email-confirmation': {
    get: auth({
      summary: 'The link of the confirmation email: confirms and redirects to the login page',
      access: 'public',
      parameters: [queryParameter('confirmation', string)],
      responses: {
        '302': {
          description:
            'To <PUBLIC_URL>/user/auth/login?confirmed=true, or ?confirmed=false&reason=expired|invalid',
        },
      },
    }),
  },
  '/api/auth/send-email-confirmation': {
    post: auth({
      summary: 'Send a new confirmation link (same answer whether or not the account exists)',
      access: 'public',
      body: strict({ email }),
      ok: LINK_SENT,
      errors: [400, 429],
    }),
  },
  '/api/auth/forgot-password': {
    post: auth({
      summary: 'Send a password reset link (same answer whether or not the account exists)',
      access: 'public',
      body: strict({ email }),
      ok: OK_ANSWER,
      errors: [400, 429],
    }),
  },
  '/api/auth/reset-password': {
    post: auth({
      summary: 'Set a new password with a reset code; ends every other session',
      access: 'public',
      body: strict({ code: string, ...newPassword }),
      ok: SESSION,
      errors: [400, 429],
    }),
  },
  '/api/auth/change-password': {
    post: auth({
      summary: 'Change the own password; ends every other session',
      access: 'bearer',
      body: strict({ currentPassword: string, ...newPassword }),
      ok: SESSION,
      errors: [400, 401, 403, 429],
    }),
  },
  '/auth/request-message': {
    post: auth({
      summary: 'Email a one-time sign-in link (same answer whether or not the account exists)',
      access: 'public',
      body: strict({ userData: { oneOf: [strict({ email }), email] } }),
      ok: LINK_SENT,
      errors: [400, 429],
    }),
  },
  '/api/auth/login-link': {
    post: auth({
      summary: 'Exchange the token of a sign-in link for a session',
      access: 'public',
      body: strict({ token: string }),
      ok: SESSION,
      errors: [400, 429],
    }),
  },

  // ---- users and profiles (flat users-permissions answers) ----
  '/api/users': {
    get: users({
      summary: 'Users the caller may see (a bare array)',
      parameters: queryParameters,
      ok: json({ type: 'array', items: ref('UserFlat') }),
      errors: [400, 401, 403],
    }),
    post: users({
      summary: 'Create an account (admins); the body is not wrapped in data',
      access: 'bearer',
      body: strict({
        username: string,
        email,
        'password?': { type: 'string', minLength: 12, maxLength: 256 },
        'name?': string,
        'surname?': string,
        'phone?': nullable({ type: 'string' }),
        'profileType?': enumOf(PROFILE_TYPES),
        'confirmed?': boolean,
        'blocked?': boolean,
      }),
      responses: { '201': json(ref('UserFlat'), 'Created') },
      errors: [400, 401, 403],
    }),
  },
  '/api/users/me': {
    get: users({
      summary: 'The caller’s own account',
      access: 'bearer',
      parameters: readParameters,
      ok: json(ref('UserFlat')),
      errors: [400, 401],
    }),
  },
  '/api/users/{id}': {
    get: users({
      summary: 'A user',
      parameters: [idParameter, ...readParameters],
      ok: json(ref('UserFlat')),
      errors: [400, 401, 403, 404],
    }),
    put: users({
      summary:
        'Update a user: the owner their username, email, name, surname, phone and picture; admins more',
      access: 'bearer',
      parameters: [idParameter, ...readParameters],
      body: { type: 'object', description: 'The attributes, bare or wrapped in data' },
      ok: json(ref('UserFlat')),
      errors: [400, 401, 403, 404],
    }),
    delete: users({
      summary: 'Delete a user (admins)',
      access: 'bearer',
      parameters: [idParameter],
      ok: json(ref('UserFlat'), 'The deleted user'),
      errors: [400, 401, 403, 404],
    }),
  },
  '/api/user/me': {
    put: users({
      summary: 'Update the own profile data; profileType may be chosen once (not admin)',
      access: 'bearer',
      parameters: readParameters,
      body: strict({
        'name?': string,
        'surname?': string,
        'phone?': nullable({ type: 'string' }),
        'username?': string,
        'picture?': nullable({ type: 'integer', description: 'A file the caller uploaded' }),
        'profileType?': enumOf(PROFILE_TYPES),
      }),
      ok: json(ref('UserFlat')),
      errors: [400, 401, 403],
    }),
  },
};

/** Answers of the custom routes that are not content types. */
const customSchemas: Record<string, Schema> = {
  PublicUser: object({
    id: integer,
    username: string,
    email,
    provider: string,
    confirmed: boolean,
    blocked: boolean,
    name: nullable({ type: 'string' }),
    surname: nullable({ type: 'string' }),
    phone: nullable({ type: 'string' }),
    profileType: nullable({ type: 'string', enum: [...PROFILE_TYPES] }),
    lastLogin: nullable({ type: 'string', format: 'date-time' }),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  Session: object({
    jwt: {
      type: 'string',
      description: `Access token, valid ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes`,
    },
    user: ref('PublicUser'),
    refreshToken: {
      type: 'string',
      description: `Single use; exchanged at POST /auth; the session lasts ${REMEMBER_ME_DAYS} days from sign-in`,
    },
  }),
  UserFlat: {
    description:
      'A user as users-permissions answers it: flat, no {data, meta} envelope (populated relations flat too)',
    allOf: [object({ id: integer }), ref('UserAttributes')],
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
  Object.assign(schemas, customSchemas);
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
