import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { errorHandler, sendError } from './plugins/error-handler';
import { parseQueryString } from './lib/strapi/query-string';
import { healthRoutes } from './features/health/health.routes';
import { createRegistry } from './content-types';
import { EntityService } from './lib/strapi/engine';
import { contentRoutes } from './lib/strapi/routes';
import { actor } from './plugins/actor';
import { security } from './plugins/security';
import { responseCache } from './plugins/response-cache';
import type { ChangeFeed } from './db/change-feed';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { siteRoutes } from './features/site/site.routes';
import { authRoutes } from './features/auth/auth.routes';
import { docsRoutes } from './features/docs/docs.routes';
import { openApiPlugin } from './features/docs/docs.plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from './lib/validation';
import { mailPlugin } from './lib/mail/mail.plugin';
import { communicationRoutes } from './features/communications/communication.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { uploadPlugin } from './features/upload/upload.plugin';
import { usersRoutes } from './features/users/users.routes';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { questionnaireRoutes } from './features/questionnaire/questionnaire.routes';
import { registerApplicationLifecycles } from './features/applications/applications.lifecycles';
import { applicationsRoutes } from './features/applications/applications.routes';
import { matchingRoutes } from './features/matching/matching.routes';
import { registerMatchingLifecycles } from './features/matching/matching.lifecycles';
import { registerProjectLifecycles } from './features/projects/projects.lifecycles';
import { registerOrganizationLifecycles } from './features/organizations/organizations.lifecycles';
import { registerCatalogueLifecycles } from './features/catalogue/catalogue.lifecycles';
import { projectsRoutes } from './features/projects/projects.routes';
import { registerLegalLifecycles } from './features/legal/legal.lifecycles';
import { registerResourceLifecycles } from './features/library/resources.lifecycles';
import { libraryVisitsRoutes } from './features/library/library.visits.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { registerLibraryLifecycles } from './features/library/library.lifecycles';
import { extractTfxTextJob } from './features/library/library.jobs';
import { jobsPlugin } from './lib/jobs/jobs.plugin';
import { libraryRoutes } from './features/library/library.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** Set when the process starts draining; /readyz then answers 503. */
    isShuttingDown: boolean;
    /** The Strapi-compatible entity service over every content type. */
    entities: EntityService;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Committed writes of the database; enables the answer cache (ADR 0007). */
  changeFeed?: ChangeFeed | undefined;
  /** A pino logger to use (server.ts); `false` silences logging (tests). */
  logger?: FastifyBaseLogger | false;
}

/** JSON bodies above this are refused with 413 (uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds a ready Fastify instance with every route registered. server.ts listens; tests call
 * `app.inject` on it (house style rule 3).
 */
export async function buildApp({
  config,
  db,
  changeFeed,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger === false
      ? { logger: false }
      : logger
        ? { loggerInstance: logger }
        : { logger: { level: config.logLevel } }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    // Behind a proxy the client address comes from X-Forwarded-For only when configured to trust it.
    trustProxy:
      config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('isShuttingDown', false);
  // Custom routes declare zod schemas (lib/route-schema.ts, ADR 0030): they validate requests in
  // the Strapi error shape and check the answers that are not pre-rendered JSON text.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(responseCache, { feed: changeFeed });
  const entities = new EntityService(createRegistry(), db, {
    onWrite: (tables) => tables.forEach((table) => app.responseCache.invalidate(table)),
  });
  app.decorate('entities', entities);
  registerApplicationLifecycles(app);
  registerMatchingLifecycles(app);
  registerProjectLifecycles(app);
  registerOrganizationLifecycles(app);
  registerCatalogueLifecycles(app);
  registerLegalLifecycles(app);
  registerResourceLifecycles(app);
  registerLibraryLifecycles(app);

  await app.register(openApiPlugin);
  await app.register(errorHandler);
  await app.register(security);
  await app.register(actor);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(mailPlugin);
  await app.register(outboxRoutes);
  await app.register(communicationRoutes);
  await app.register(uploadPlugin);
  await app.register(jobsPlugin, { definitions: [extractTfxTextJob] });
  await app.register(usersRoutes);
  await app.register(profilesRoutes);
  await app.register(questionnaireRoutes);
  await app.register(matchingRoutes);
  await app.register(catalogueRoutes);
  await app.register(siteRoutes);
  await app.register(applicationsRoutes);
  await app.register(projectsRoutes);
  await app.register(libraryVisitsRoutes);
  await app.register(importsRoutes);
  await app.register(libraryRoutes);
  await app.register(contentRoutes, { entities });
  await app.register(docsRoutes);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path.startsWith('/api/') ||
      path === '/api' ||
      request.method !== 'GET' ||
      !hasWeb(config)
    ) {
      return sendError(reply, new AppError('NOT_FOUND', 'Not Found'));
    }
    // Client-side routes of the web app: answer its index page.
    return reply.type('text/html').sendFile('index.html');
  });

  if (hasWeb(config)) {
    await app.register(fastifyStatic, {
      root: webDir(config),
      wildcard: false,
      index: ['index.html'],
      // Built assets carry a content hash in their name; cache them for a year.
      cacheControl: false,
      setHeaders(reply, path) {
        void reply.header(
          'cache-control',
          path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return app;
}

/** Where the built web app lives: configured, or apps/web/dist next to this package. */
function webDir(config: AppConfig): string {
  return config.webDistDir ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
}

function hasWeb(config: AppConfig): boolean {
  return existsSync(join(webDir(config), 'index.html'));
}
