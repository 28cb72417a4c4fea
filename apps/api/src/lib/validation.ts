import type { FastifySchemaCompiler } from 'fastify';
import type { ApiErrorCode } from '@plataforma/shared';
import { z } from 'zod';
import { AppError } from './errors';
import { QUERY_PARSE_ERROR } from './strapi/query-string';

/**
 * The one adapter from a zod error to Strapi's 400 (house style rule 7): every custom body, query
 * and path parameter is checked by a zod schema, through a route's schema (`validatorCompiler`
 * below). The engine reports its own writes in the same shape (lib/strapi/input.ts).
 */

/** One entry of `error.details.errors`. */
export interface ValidationIssue {
  path: string[];
  message: string;
  name: 'ValidationError';
  /** What the problem is, for clients to match on (`required`, `unknown_key`...). */
  code?: ApiErrorCode;
}

/** The request part an input came from; it names a problem found at the top level. */
export type InputPart = 'body' | 'query' | 'params' | 'headers';

/** The value at a path of the input (zod issues do not carry it). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * The problems of a failed parse as Strapi lists them: one per unknown key (`Invalid key role`),
 * a missing value as `must be defined`, otherwise zod's message after the path
 * (`email must be a valid email address`).
 */
export function validationIssues(
  error: z.ZodError,
  value: unknown,
  part: InputPart = 'body',
  basePath: readonly string[] = [],
): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    const path = [...basePath, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: `Invalid key ${key}`,
        name: 'ValidationError',
        code: 'unknown_key',
      }));
    }
    const missing = issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined;
    const message = `${path.join('.') || part} ${missing ? 'must be defined' : issue.message}`;
    return [{ path, message, name: 'ValidationError', ...(missing ? { code: 'required' } : {}) }];
  });
}

/** A 400 ValidationError listing every problem; its message is the only one's, or a count. */
export function toValidationError(
  error: z.ZodError,
  value: unknown,
  part: InputPart = 'body',
  basePath: readonly string[] = [],
): AppError {
  const errors = validationIssues(error, value, part, basePath);
  const [first] = errors;
  return new AppError(
    'VALIDATION',
    errors.length === 1 && first ? first.message : `${errors.length} errors occurred`,
    { errors },
  );
}

const PART_OF: Record<string, InputPart> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** The inner schema of each `{data}` body made by `dataBody`. */
const DATA_BODIES = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A users-permissions write body, `{data: {...}}` (spec §7): its problems are reported by their
 * paths inside `data` (`email must be defined`), as Strapi reports them, and a body without an
 * object `data` says so.
 */
export function dataBody<T extends z.ZodType>(schema: T) {
  const body = z.strictObject({ data: schema });
  DATA_BODIES.set(body, schema);
  return body;
}

function validateDataBody(inner: z.ZodType, data: unknown) {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !('data' in data)) {
    return { error: new AppError('VALIDATION', 'Missing "data" payload in the request body') };
  }
  const payload = data.data;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { error: new AppError('VALIDATION', 'Invalid "data" payload: expected an object') };
  }
  const result = inner.safeParse(payload);
  return result.success
    ? { value: { data: result.data } }
    : { error: toValidationError(result.error, payload, 'body') };
}

/**
 * Fastify's validator for zod route schemas (fastify-type-provider-zod's types, our error shape).
 * A query string qs could not parse is refused here, before its schema sees what is left of it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = PART_OF[httpPart ?? 'body'] ?? 'body';
    if (part === 'query' && typeof data === 'object' && data !== null) {
      const parseError = (data as Record<symbol, unknown>)[QUERY_PARSE_ERROR];
      if (typeof parseError === 'string') {
        return { error: new AppError('VALIDATION', `Invalid query string: ${parseError}`) };
      }
    }
    const inner = DATA_BODIES.get(schema);
    if (part === 'body' && inner) return validateDataBody(inner, data);
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: toValidationError(result.error, data, part) };
  };
