import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { diskProblemOf, insufficientStorage } from '../lib/storage/failures';
import {
  RETRY_AFTER_CONFLICT_S,
  RETRY_AFTER_CONNECTION_S,
  isConnectionFailure,
  isRetryableTransactionFailure,
} from '../db/failures';

interface StrapiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Builds the Strapi v4 error envelope. */
export function errorBody(error: AppError): StrapiErrorBody {
  return {
    data: null,
    error: {
      status: error.status,
      name: error.strapiName,
      message: error.message,
      details: error.details,
    },
  };
}

/** PostgreSQL SQLSTATE codes that mean the input was bad, not the server. */
const PG_INPUT_ERRORS: Record<string, string> = {
  '23505': 'This attribute must be unique',
  '23503': 'A related entry does not exist or is still referenced',
  '23502': 'A required attribute is missing',
  '23514': 'A value is not allowed',
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22P02': 'A value has the wrong format',
  '22P05': 'A value contains an invalid character',
  '22021': 'A value contains an invalid character',
  '2201B': 'A value is not a valid regular expression',
  '22025': 'A value is not a valid pattern',
};

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  column?: unknown;
}

function isPgError(error: unknown): error is Error & PgLikeError & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgLikeError).code as string)
  );
}

/**
 * A token of RFC 9110 (a media type's type, subtype, a parameter's name or bare value): what a
 * message may quote back of a request's Content-Type, which is otherwise the client's free text.
 */
const TOKEN = /^[\w!#$%&'*+.^`|~-]{1,100}$/;

/**
 * The 415 of a body the API does not read, naming what was sent the way Strapi's own messages
 * name the offending value ("Unsupported Media Type: text/plain"), so a developer sees at once
 * that the body was never read as JSON.
 */
export function unsupportedMediaType(contentType: string | undefined, charset?: string): AppError {
  if (contentType === undefined || contentType.trim() === '') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type: missing Content-Type');
  }
  const [type = '', subtype = ''] = (contentType.split(';')[0] ?? '')
    .trim()
    .toLowerCase()
    .split('/');
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type');
  }
  const shownCharset = charset !== undefined && TOKEN.test(charset) ? `; charset=${charset}` : '';
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Unsupported Media Type: ${type}/${subtype}${shownCharset}`,
  );
}

/**
 * Maps any thrown value to an AppError; unknown failures become a detail-free 500. The request's
 * Content-Type, when given, is named in the message of a 415.
 */
export function toAppError(error: unknown, contentType?: string): AppError {
  if (error instanceof AppError) return error;
  // Drizzle wraps driver errors; the SQLSTATE is on the cause.
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (isPgError(cause) && PG_INPUT_ERRORS[cause.code]) {
    const details: Record<string, unknown> = {};
    if (typeof cause.constraint === 'string') details.constraint = cause.constraint;
    if (typeof cause.column === 'string') details.column = cause.column;
    return new AppError('VALIDATION', PG_INPUT_ERRORS[cause.code] as string, details);
  }
  // The database went away, or a write still lost its race after its retries (ADR 0053): the
  // request may succeed later, so 503 with Retry-After rather than a 500.
  if (isConnectionFailure(error)) {
    return new AppError('UNAVAILABLE', 'Service Unavailable', {
      retryAfter: RETRY_AFTER_CONNECTION_S,
    });
  }
  if (isRetryableTransactionFailure(error)) {
    return new AppError('UNAVAILABLE', 'Service Unavailable', {
      retryAfter: RETRY_AFTER_CONFLICT_S,
    });
  }
  // A full or read-only upload disk is no fault of the request, nor a bug (ADR 0053).
  const disk = diskProblemOf(error);
  if (disk) return insufficientStorage(disk);
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request entity too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(contentType);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'Invalid JSON body');
    case 'FST_ERR_VALIDATION':
      return new AppError('VALIDATION', fastifyError.message ?? 'Invalid request');
    default:
      break;
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('BAD_REQUEST', 'Invalid JSON body');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(
      status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      fastifyError.message ?? 'Bad Request',
    );
  }
  return new AppError('INTERNAL', 'Internal Server Error');
}

/** Charsets a JSON body may declare: JSON is UTF-8 (RFC 8259); anything else is not read. */
const JSON_CHARSETS = new Set(['utf-8', 'utf8']);

/**
 * The other charset a JSON body declares, which would otherwise be decoded as UTF-8 regardless;
 * undefined when it declares none or UTF-8.
 */
function foreignCharsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const [mediaType = '', ...parameters] = contentType.split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) return undefined;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && !JSON_CHARSETS.has(charset)) return charset;
  }
  return undefined;
}

async function errorHandlerPlugin(app: FastifyInstance) {
  // Bodies are read as JSON only (multipart is parsed by the upload and import routes alone).
  // Fastify also reads text/plain, handing the route a string: a Strapi route then answered 400
  // "Missing data payload", a custom one a schema error, as if the JSON were wrong rather than
  // never read. Without that parser a text/plain body gets the 415 of any other type. Removed
  // here, on the root instance before any route is registered, so every route inherits it.
  app.removeContentTypeParser('text/plain');
  // Where Fastify checks the content type: the same 415 as a body that is not JSON at all.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const contentType = request.headers['content-type'];
    const charset = foreignCharsetOf(contentType);
    if (charset !== undefined) throw unsupportedMediaType(contentType, charset);
    return payload;
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, request.headers['content-type']);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error }, 'request rejected');
    return sendError(reply, appError);
  });
}

/**
 * Answers an error in the Strapi envelope, with `Retry-After` on a 429 or 503 and `Content-Language`
 * saying whether the message may be shown to a person as it is (ADR 0032).
 */
export function sendError(reply: FastifyReply, appError: AppError): FastifyReply {
  if (
    (appError.code === 'RATE_LIMITED' || appError.code === 'UNAVAILABLE') &&
    typeof appError.details.retryAfter === 'number'
  ) {
    void reply.header('retry-after', String(appError.details.retryAfter));
  }
  void reply.header('content-language', appError.language);
  return reply.status(appError.status).send(errorBody(appError));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses some requests before Fastify sees
 * them (a request head beyond the header size limit: 431, a timeout: 408, bytes that are not
 * HTTP: 400). They are answered in the same envelope as every other error, then the connection
 * is closed, as Node and Fastify do.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'Request header fields too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 'Request timeout')
        : new AppError('BAD_REQUEST', 'Bad Request');
  const body = JSON.stringify(errorBody(appError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_TEXT[appError.status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Language: ${appError.language}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
