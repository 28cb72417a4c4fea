import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: no line in the log for this route's requests (health checks, scrapes). */
    requestLog?: boolean;
  }
}

/** An id a proxy may send (nginx's `$request_id` is 32 hex digits); anything else is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the `X-Request-Id` a reverse proxy set, when it is a plain token, so the
 * proxy's access log and ours share it; otherwise a new UUID (unique across API processes, unlike
 * Fastify's per-process counter). It is only a correlation key, never trusted for anything else.
 */
export function requestId(raw: IncomingMessage): string {
  const header = raw.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * One log line per request, when it is answered (ADR 0057), instead of Fastify's two. It carries
 * the request id (`reqId`, bound to `request.log`, so every other line of the request, such as a
 * database error's, carries it too), the path without its query (filters and searches may hold
 * people's names or emails), the route pattern, the status, the time taken and the user. Routes
 * with `config: {requestLog: false}` (health checks, scrapes) are not logged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.config.requestLog === false) return;
    const actor = request.actor as FastifyRequest['actor'] | undefined;
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: actor?.kind === 'user' ? actor.userId : undefined,
    };
    // An error here is the connection's (the answer could not be written), not the handler's.
    if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }
}

/** Answers the request id as `X-Request-Id`, for a person reporting a failure to quote it. */
async function requestLogPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('x-request-id', request.id);
  });
}

export const requestLog = fp(requestLogPlugin, { name: 'request-log' });
