import { z, type ZodType } from 'zod';
import { strapiErrorSchema } from '@plataforma/shared';
import {
  IDEMPOTENCY_KEY_DESCRIPTION,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RULE,
} from './idempotency';

/**
 * The schema of a custom route: its zod parts (query, params, body, answers), which validate the
 * request (lib/validation.ts), type the handler (fastify-type-provider-zod) and write its entry of
 * the OpenAPI document (features/docs), plus what only the document needs: tag, summary, who may
 * call it and the errors it answers (ADR 0030).
 */

/** How a route treats the bearer token (plugins/actor.ts). */
export type Access = 'public' | 'bearer' | 'optional';

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  // `config: {auth: false}`: any bearer token is ignored.
  public: [],
  bearer: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
};

/** The Strapi error name of each status the API answers (lib/errors.ts), as documented. */
export const ERROR_NAMES = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ApplicationError',
  413: 'PayloadTooLargeError',
  415: 'ValidationError',
  422: 'UnprocessableEntityError: the Idempotency-Key was used for another request',
  429: 'RateLimitError: Retry-After says in how many seconds to try again',
  503: 'ServiceUnavailableError',
} as const;
export type ErrorStatus = keyof typeof ERROR_NAMES;

export interface RouteDoc<E extends readonly ErrorStatus[] = readonly ErrorStatus[]> {
  tag: string;
  summary: string;
  description?: string;
  /** Defaults to an optional bearer token. */
  access?: Access;
  /** Error statuses, answered in the Strapi error envelope. */
  errors?: E;
  /**
   * The route takes an `Idempotency-Key` (ADR 0068): the header is documented and its 422 added
   * to the errors. The route itself claims and records the key in its write's transaction.
   */
  idempotent?: boolean;
}

export interface RouteParts {
  querystring?: ZodType;
  params?: ZodType;
  body?: ZodType;
  headers?: ZodType;
  /** The answers that are not errors, by status. */
  response?: Record<number, ZodType>;
}

type ErrorAnswers<E extends readonly ErrorStatus[]> = {
  [S in E[number]]: typeof strapiErrorSchema;
};

/**
 * The headers of an idempotent route: the key, optional. Its rule is documented, not checked
 * here: the route checks it (a Spanish 400, as the generic create's). Every other header passes
 * through untouched, since the validated object replaces the request's headers.
 */
const idempotentHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .meta({ description: IDEMPOTENCY_KEY_DESCRIPTION, ...IDEMPOTENCY_KEY_RULE }),
});

/** A route's `schema`: its zod parts and its documentation, errors added to its answers. */
export function routeSchema<
  const P extends RouteParts,
  const E extends readonly ErrorStatus[] = readonly [],
>(doc: RouteDoc<E>, parts: P) {
  const errors: Partial<Record<ErrorStatus, typeof strapiErrorSchema>> = {};
  for (const status of [...(doc.errors ?? []), ...(doc.idempotent ? [422 as const] : [])]) {
    errors[status] = strapiErrorSchema.describe(ERROR_NAMES[status]);
  }
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: SECURITY[doc.access ?? 'optional'],
    ...(doc.idempotent ? { headers: idempotentHeaders } : {}),
    ...parts,
    response: { ...parts.response, ...errors } as NonNullable<P['response']> & ErrorAnswers<E>,
  };
}

/**
 * A body or an answer that is a content type's envelope: the engine validates and renders it, and
 * the document refers to the registry's schema of it (`#/components/schemas/<name>`, built in
 * features/docs/registry-document.ts from the content types) rather than describing it twice.
 */
export const registryRef = (name: string) =>
  z.unknown().meta({ $ref: `#/components/schemas/${name}` });
