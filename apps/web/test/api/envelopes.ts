import type { ApiErrorCode, Pagination, StrapiError } from '@plataforma/shared';

/**
 * Strapi v4 envelopes as the API answers them (ADR 0002), for the web's test fakes: the error
 * envelope is the shared contract's, so a fake error looks like a real one.
 */

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** `{data: [...], meta: {pagination}}`: one page holding `data`, unless told otherwise. */
export function collection<T>(
  data: T[],
  { page = 1, pageSize = 25, pageCount = data.length === 0 ? 0 : 1, total = data.length } = {},
): { data: T[]; meta: { pagination: Pagination } } {
  return { data, meta: { pagination: { page, pageSize, pageCount, total } } };
}

/** An empty list. */
export const emptyList = () => collection([]);

/** `{data: {id, attributes}, meta: {}}`. */
export const entry = <A>(id: number, attributes: A) => ({ data: { id, attributes }, meta: {} });

/** A Strapi error answer; `errors` become `details.errors` (ValidationError by default). */
export function strapiError(
  status: number,
  message: string,
  errors?: { path: string[]; message: string; code?: ApiErrorCode }[],
  name = status === 404 ? 'NotFoundError' : 'ValidationError',
): Response {
  const body: StrapiError = {
    data: null,
    error: {
      status,
      name,
      message,
      details: errors ? { errors: errors.map((e) => ({ ...e, name: 'ValidationError' })) } : {},
    },
  };
  return jsonResponse(body, status);
}

/**
 * A refusal of the accounts' calls as the API answers it (features/auth/auth.common.ts): Strapi's
 * English message and its code, on the answer and, when it is about one field, on that field.
 */
export function codedError(code: ApiErrorCode, message: string, field?: string): Response {
  const body: StrapiError = {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message,
      details: field
        ? { code, errors: [{ path: [field], message, name: 'ValidationError', code }] }
        : { code },
    },
  };
  return jsonResponse(body, 400);
}

/**
 * A refusal the API words for people, in Spanish (`refusal()` in apps/api/src/lib/errors.ts): it
 * comes with `Content-Language: es`, which lets the web show it as it is (ADR 0032).
 */
export function refusal(message: string, status = 400, name = 'ValidationError'): Response {
  const body: StrapiError = { data: null, error: { status, name, message, details: {} } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'content-language': 'es' },
  });
}

/** What the API says when it is full (deadline day): 503, in Spanish, with its Spanish words. */
export const API_FULL_MESSAGE =
  'Hay mucha gente ahora mismo. Vuelve a intentarlo en unos segundos.';

/**
 * The API turning a request away at once because it is full, or because it lost its database
 * (ADR 0053): 503 `ServiceUnavailableError` with `Retry-After` in seconds (none when null).
 */
export function apiFull(retryAfterSeconds: number | null = 1): Response {
  const answer = refusal(API_FULL_MESSAGE, 503, 'ServiceUnavailableError');
  if (retryAfterSeconds !== null) answer.headers.set('retry-after', String(retryAfterSeconds));
  return answer;
}

/** The API's answer to a path it does not have. */
export const notFound = () => strapiError(404, 'Not Found', undefined, 'NotFoundError');
