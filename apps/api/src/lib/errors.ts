/**
 * The one error type of the API. Each code maps to an HTTP status and a Strapi v4 error name, so
 * the error handler can answer `{data:null, error:{status, name, message, details}}` (house style
 * rule 7).
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, name: 'ValidationError' },
  BAD_REQUEST: { status: 400, name: 'BadRequestError' },
  UNAUTHORIZED: { status: 401, name: 'UnauthorizedError' },
  FORBIDDEN: { status: 403, name: 'ForbiddenError' },
  NOT_FOUND: { status: 404, name: 'NotFoundError' },
  METHOD_NOT_ALLOWED: { status: 405, name: 'MethodNotAllowedError' },
  REQUEST_TIMEOUT: { status: 408, name: 'RequestTimeoutError' },
  CONFLICT: { status: 409, name: 'ApplicationError' },
  PAYLOAD_TOO_LARGE: { status: 413, name: 'PayloadTooLargeError' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, name: 'ValidationError' },
  /** A request that reuses an Idempotency-Key with another body (ADR 0068). */
  UNPROCESSABLE: { status: 422, name: 'UnprocessableEntityError' },
  RATE_LIMITED: { status: 429, name: 'RateLimitError' },
  HEADERS_TOO_LARGE: { status: 431, name: 'RequestHeaderFieldsTooLargeError' },
  APPLICATION: { status: 400, name: 'ApplicationError' },
  INTERNAL: { status: 500, name: 'ApplicationError' },
  INSUFFICIENT_STORAGE: { status: 507, name: 'InsufficientStorageError' },
  UNAVAILABLE: { status: 503, name: 'ServiceUnavailableError' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The language of an error's message, sent as `Content-Language` (ADR 0032): `es` when it is
 * worded for the person using the product, who may read it as it is; `en` for Strapi's own
 * wording, meant for developers and matched by clients, which the web replaces with a Spanish
 * text of its own.
 */
export type MessageLanguage = 'es' | 'en';

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly strapiName: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly language: MessageLanguage = 'en',
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
    this.strapiName = ERROR_CODES[code].name;
  }
}

/**
 * A refusal worded for the person using the product, in Spanish (a rule of a project's
 * workflow, an application's deadline): the web shows it as it is (ADR 0032).
 */
export function refusal(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): AppError {
  return new AppError(code, message, details, 'es');
}

/** Shorthand for the most common failure: bad input, with the path of the offending key. */
export function validationError(message: string, path?: (string | number)[]): AppError {
  return new AppError(
    'VALIDATION',
    message,
    path ? { errors: [{ path: path.map(String), message, name: 'ValidationError' }] } : {},
  );
}

export const notFound = (message = 'Not Found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Missing or invalid credentials') =>
  new AppError('UNAUTHORIZED', message);
