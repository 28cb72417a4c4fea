import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FILE_SIZE_LIMIT_BYTES, MAX_FILES_PER_REQUEST } from '@plataforma/shared';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/errors';
import { sendError } from './error-handler';

/** The largest multipart body accepted: an upload of as many files as allowed, each the largest. */
const LARGEST_UPLOAD_BYTES = FILE_SIZE_LIMIT_BYTES * MAX_FILES_PER_REQUEST;

/**
 * The most a body of unknown length (chunked) may weigh, which its time budget follows: a
 * multipart body the largest upload's (only the upload and import routes read one; any other
 * route answers 415 before reading it); any other body the route's own limit (Fastify's
 * `bodyLimit`, past which it answers 413), so a trickle sent to a JSON route is cut within that
 * route's budget (a minute at the defaults), not the largest upload's (ADR 0053, 0069).
 */
function mostBytesOf(request: FastifyRequest): number {
  const type = request.headers['content-type'] ?? '';
  if (/^\s*multipart\//i.test(type)) return LARGEST_UPLOAD_BYTES;
  return request.routeOptions.bodyLimit;
}

/**
 * The Node server's own limits (ADR 0053): the headers within `headersMs`; Node checks its
 * timers every `connectionsCheckingInterval`, so that is kept a fraction of the limit. The whole
 * request is not limited there (Fastify's requestTimeout stays 0): a large upload on a slow
 * link may take long, and has its own budget below.
 */
export function serverTimeouts(timeouts: AppConfig['timeouts']) {
  return {
    http: { connectionsCheckingInterval: Math.max(100, Math.min(5_000, timeouts.headersMs / 4)) },
  };
}

/**
 * Cuts a request body that stops moving or crawls (ADR 0053): 408 `RequestTimeoutError` when no
 * byte arrived for `bodyIdleMs`, or when the body is not in after `bodyIdleMs + size / rate`
 * (its budget, proportional to its size). Progress is read from the socket's byte count, so
 * the body stream is left alone for its parser (JSON, multipart).
 */
async function slowClientsPlugin(app: FastifyInstance) {
  const { headersMs, bodyIdleMs, bodyMinBytesPerSecond } = app.config.timeouts;
  app.server.headersTimeout = headersMs;
  const every = Math.max(50, Math.min(1_000, bodyIdleMs / 4));

  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const length = Number(req.headers['content-length'] ?? 0);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if ((!(length > 0) && !chunked) || req.complete || !req.socket) {
      done();
      return;
    }
    const socket = req.socket;
    const started = Date.now();
    const budgetMs =
      bodyIdleMs + ((length > 0 ? length : mostBytesOf(request)) / bodyMinBytesPerSecond) * 1000;
    let bytes = socket.bytesRead;
    let moved = started;
    const timer = setInterval(() => {
      if (req.complete || req.destroyed || reply.sent) {
        clearInterval(timer);
        return;
      }
      const now = Date.now();
      if (socket.bytesRead !== bytes) {
        bytes = socket.bytesRead;
        moved = now;
      }
      if (now - moved < bodyIdleMs && now - started < budgetMs) return;
      clearInterval(timer);
      request.log.warn({ idleMs: now - moved, elapsedMs: now - started }, 'request body too slow');
      // The rest of the body will not be read: the connection cannot carry another request. The
      // request stream is ended too: once answered, Node no longer ends it when the socket
      // closes, and whatever reads it (a multipart form spooling to disk) would wait forever,
      // its spool never removed (ADR 0069).
      void reply.header('connection', 'close');
      reply.raw.once('finish', () => {
        req.destroy();
        socket.destroy();
      });
      sendError(reply, new AppError('REQUEST_TIMEOUT', 'Request Timeout'));
    }, every);
    timer.unref();
    req.once('end', () => clearInterval(timer));
    req.once('close', () => clearInterval(timer));
    done();
  });
}

export const slowClients = fp(slowClientsPlugin, { name: 'slow-clients' });
