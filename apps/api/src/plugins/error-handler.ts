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

/** Maps any thrown value to an AppError; unknown failures become a detail-free 500. */
export function toAppError(error: unknown): AppError {
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
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
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

/** A JSON body declaring another charset, which would otherwise be decoded as UTF-8 regardless. */
function declaresForeignCharset(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [mediaType = '', ...parameters] = contentType.split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) return false;
  return parameters.some((parameter) => {
    const [name = '', value = ''] = parameter.split('=');
    return (
      name.trim().toLowerCase() === 'charset' &&
      !JSON_CHARSETS.has(value.trim().replace(/^"|"$/g, '').toLowerCase())
    );
  });
}

async function errorHandlerPlugin(app: FastifyInstance) {
  // Where Fastify checks the content type: the same 415 as a body that is not JSON at all.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (declaresForeignCharset(request.headers['content-type'])) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    }
    return payload;
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
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
