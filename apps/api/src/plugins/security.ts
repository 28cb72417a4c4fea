import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';

/**
 * Security headers and CORS (issue 3 Hardening). The Content-Security-Policy fits the web app: its
 * own scripts, styles and fonts (Montserrat is self-hosted), images from itself (uploads are served
 * by the API) and data URLs, API calls to itself; no framing. The interactive API docs get their own
 * policy from the swagger plugin. Uploaded files are served with a stricter one by their route.
 */
async function securityPlugin(app: FastifyInstance) {
  // helmet's middleware, built once. (@fastify/helmet builds it again for every request, parsing
  // the policy each time: a twentieth of the CPU of a small answer such as the bell's count.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The API's JSON and the uploads may be embedded by the web app itself only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: app.config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // An answer to someone who showed who they are may be theirs alone (their account, their
  // applications): no browser or proxy keeps it, so it never reaches the next person on a shared
  // computer (ADR 0052). Routes that decide their own caching (public uploads) keep theirs, and
  // visitors' answers are left as they are.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && carriesCredentials(request)) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // Only the configured origins may call the API from a browser; the web app is same-origin.
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    // A write may carry an Idempotency-Key, and a replay says so (ADR 0068).
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Idempotent-Replayed'],
    credentials: false,
    maxAge: 600,
  });
}

/**
 * A bearer token, or the web's session cookie: the API reads only the first (ADR 0030), but a
 * request with either comes from someone signed in, and what they are answered is not for others.
 */
function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && /(?:^|;)\s*token=/.test(cookie);
}

export const security = fp(securityPlugin, { name: 'security' });
