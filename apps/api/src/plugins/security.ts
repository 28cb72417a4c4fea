import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';

/**
 * Security headers and CORS (issue 3 Hardening). The Content-Security-Policy fits the web app: its
 * own scripts, styles and fonts (Montserrat is self-hosted), images from itself (uploads are served
 * by the API) and data URLs, API calls to itself; no framing. The interactive API docs get their own
 * policy from the swagger plugin. Uploaded files are served with a stricter one by their route.
 */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
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

  // Only the configured origins may call the API from a browser; the web app is same-origin.
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    credentials: false,
    maxAge: 600,
  });
}

export const security = fp(securityPlugin, { name: 'security' });
