import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { clientErrorHandler, errorHandler, sendError } from './plugins/error-handler';
import { serverTimeouts, slowClients } from './plugins/slow-clients';
import { parseQueryString } from './lib/strapi/query-string';
import { healthRoutes } from './features/health/health.routes';
import { requestCookies } from './features/auth/auth.cookies';
import { pageHeadFor, preloadsFor, withHead, type RoutePreload } from './features/seo/page-head';
import { renderPage } from './features/seo/server-render';
import { createRegistry } from './content-types';
import { EntityService } from './lib/strapi/engine';
import { contentRoutes } from './lib/strapi/routes';
import { actor } from './plugins/actor';
import { admission } from './plugins/admission';
import type { LaneOverrides } from './lib/admission/lanes';
import { security } from './plugins/security';
import { responseCache } from './plugins/response-cache';
import { metrics } from './plugins/metrics';
import { OneLinePerRequest, requestId, requestLog } from './plugins/request-log';
import type { ChangeFeed } from './db/change-feed';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { siteRoutes } from './features/site/site.routes';
import { authRoutes } from './features/auth/auth.routes';
import { samlRoutes } from './features/saml/saml.routes';
import { ssoRoutes } from './features/sso/sso.routes';
import { setupRoutes } from './features/setup/setup.routes';
import { isClosedSetupPage } from './features/setup/setup.service';
import { docsRoutes } from './features/docs/docs.routes';
import { openApiPlugin } from './features/docs/docs.plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from './lib/validation';
import { mailPlugin } from './lib/mail/mail.plugin';
import { communicationRoutes } from './features/communications/communication.routes';
import { communicationCenterRoutes } from './features/communications/communication-center.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { reapOrphanUploadsJob } from './features/upload/upload.jobs';
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
import { PublishedProjects, PublishedProjectsIndex } from './features/projects/projects.published';
import { LiveWorks, LiveWorksIndex } from './features/library/library.live';
import { registerLegalLifecycles } from './features/legal/legal.lifecycles';
import { registerResourceLifecycles } from './features/library/resources.lifecycles';
import { registerCommunicationCenterLifecycles } from './features/communications/communication-center.lifecycles';
import { libraryVisitsRoutes } from './features/library/library.visits.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { registerLibraryLifecycles } from './features/library/library.lifecycles';
import { extractTfxTextJob, sweepLibraryVisitsJob } from './features/library/library.jobs';
import { privateReadsPlugin } from './features/privacy/private-reads';
import { removeStoredFilesJob } from './features/privacy/privacy.jobs';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { jobsPlugin } from './lib/jobs/jobs.plugin';
import { purgeIdempotencyKeysJob } from './lib/idempotency';
import { forgetExpiredSsoStateJob } from './features/sso/sso.jobs';
import { libraryRoutes } from './features/library/library.routes';
import { registerAnnouncementLifecycles } from './features/announcements/announcements.lifecycles';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { sendAnnouncementJob } from './features/announcements/announcements.jobs';
import { peopleImportJob } from './features/imports/people-import.jobs';
import { NO_WHATSAPP_PROVIDER } from './features/announcements/whatsapp';
import { reportsRoutes } from './features/reports/reports.routes';
import { adminHomeRoutes } from './features/admin-home/admin-home.routes';
import { seoRoutes } from './features/seo/seo.routes';

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
  /** Admission lanes' limits instead of those sized from the pool (tests fill small ones). */
  admissionLanes?: LaneOverrides;
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
  admissionLanes,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger === false
      ? { logger: false }
      : logger
        ? { loggerInstance: logger }
        : { logger: { level: config.logLevel } }),
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeouts(config.timeouts),
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    genReqId: requestId,
    // Requests Node's parser refuses (an oversized head) answer in the Strapi envelope too.
    clientErrorHandler,
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

  // ADR 0056: answers over 1 KB are compressed (Brotli, else gzip) by Accept-Encoding; registered
  // before every route so its hooks reach them all. The built web's files come precompressed and
  // pass through. Request bodies are not inflated: the body limit must bound what we read.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(responseCache, { feed: changeFeed, answers: config.responseCache });
  // Admission control (ADR 0069): its gate runs before every route's work, its lanes are measured.
  await app.register(admission, { lanes: admissionLanes });
  // Before the routes: its onResponse hook measures every one of them (ADR 0057).
  await app.register(metrics);
  await app.register(requestLog);
  const entities = new EntityService(createRegistry(), db, {
    onWrite: (tables) => tables.forEach((table) => app.responseCache.invalidate(table)),
    log: app.log,
  });
  app.decorate('entities', entities);
  // The published projects in memory, read again after each change (ADR 0059).
  app.decorate(
    'publishedProjects',
    new PublishedProjectsIndex(app.responseCache, () => PublishedProjects.load(db, entities)),
  );
  // The library's live works in memory, read again after each change (ADR 0071).
  app.decorate('liveWorks', new LiveWorksIndex(app.responseCache, () => LiveWorks.load(db)));
  registerApplicationLifecycles(app);
  registerMatchingLifecycles(app);
  registerProjectLifecycles(app);
  registerOrganizationLifecycles(app);
  registerCatalogueLifecycles(app);
  registerLegalLifecycles(app);
  registerResourceLifecycles(app);
  registerCommunicationCenterLifecycles(app);
  registerLibraryLifecycles(app);
  registerAnnouncementLifecycles(app);

  await app.register(openApiPlugin);
  await app.register(errorHandler);
  await app.register(slowClients);
  await app.register(security);
  await app.register(actor);
  await app.register(privateReadsPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(samlRoutes);
  await app.register(ssoRoutes);
  await app.register(setupRoutes);
  await app.register(mailPlugin);
  await app.register(outboxRoutes);
  await app.register(communicationRoutes);
  await app.register(communicationCenterRoutes);
  await app.register(uploadPlugin);
  await app.register(jobsPlugin, {
    definitions: [
      extractTfxTextJob,
      sweepLibraryVisitsJob,
      // No WhatsApp provider is reachable: the channel is an extension point (ADR 0045).
      sendAnnouncementJob({ entities, config, whatsapp: NO_WHATSAPP_PROVIDER }),
      peopleImportJob({ config }),
      removeStoredFilesJob,
      reapOrphanUploadsJob,
      purgeIdempotencyKeysJob,
      forgetExpiredSsoStateJob,
    ],
  });
  await app.register(privacyRoutes);
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
  await app.register(announcementsRoutes);
  await app.register(reportsRoutes);
  await app.register(adminHomeRoutes);
  await app.register(contentRoutes, { entities });
  await app.register(docsRoutes);
  await app.register(seoRoutes);

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, new AppError('NOT_FOUND', 'Not Found')),
  );

  if (hasWeb(config)) {
    // Client-side routes of the web app (any GET the API and the built files do not answer): its
    // index page, with the head of this page (title, description, canonical link, Open Graph
    // tags; ADR 0056). A route rather than the not-found handler, so the answer is compressed
    // like any other and HEAD is answered too. Under load a page is still answered: the plain
    // shell, which the browser draws and whose calls wait their turn, rather than a 503 the
    // browser would show as text (ADR 0069).
    const page = { schema: { hide: true }, config: { admission: 'optional' as const } };
    app.get('/*', page, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // A file the build does not have (an old hashed script, an icon) is not a page: its
      // loader gets a 404 rather than the HTML shell it cannot read.
      if (path.startsWith('/api/') || path === '/api' || isFilePath(path)) {
        return sendError(reply, new AppError('NOT_FOUND', 'Not Found'));
      }
      if (request.admissionRefused) return sendPlainShell(app, reply);
      // The setup page once an administrator exists shows the not-found page: so says its status.
      if (await isClosedSetupPage(app.db, path)) void reply.code(404);
      return sendPageShell(app, request, reply, path);
    });
  }

  if (hasWeb(config)) {
    // The build's files cost no statement: they never wait for admission (ADR 0069).
    const files = async (scope: FastifyInstance) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, admission: false };
      });
      await scope.register(fastifyStatic, {
        root: webDir(config),
        wildcard: false,
        // `/` is a page like the others: its shell gets its head in the route above.
        index: false,
        // The build writes .br and .gz beside each text asset (vite.config.ts): send the one the
        // browser accepts, with Vary: Accept-Encoding.
        preCompressed: true,
        // Built assets carry a content hash in their name; cache them for a year. Everything else
        // (the HTML shell, favicon, pdf.js data) is revalidated.
        cacheControl: false,
        setHeaders(reply, path) {
          void reply.header(
            'cache-control',
            path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    };
    await app.register(files);
  }

  return app;
}

/** The built index.html, read once per process (a new build means a new process). */
const shells = new Map<string, Promise<string>>();
/** The build's route-preloads.json (none for a build without it), read once per process. */
const routePreloads = new Map<string, Promise<RoutePreload[]>>();

function routePreloadsOf(dir: string): Promise<RoutePreload[]> {
  let preloads = routePreloads.get(dir);
  if (!preloads) {
    preloads = readFile(join(dir, 'route-preloads.json'), 'utf8')
      .then((text) => JSON.parse(text) as RoutePreload[])
      .catch(() => []);
    routePreloads.set(dir, preloads);
  }
  return preloads;
}

/** The built index.html as it is: no statement, drawn by the browser (the lane was full). */
async function sendPlainShell(app: FastifyInstance, reply: FastifyReply) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(await shellOf(join(webDir(app.config), 'index.html')));
}

function shellOf(file: string): Promise<string> {
  let shell = shells.get(file);
  if (!shell) {
    shell = readFile(file, 'utf8');
    shells.set(file, shell);
  }
  return shell;
}

async function sendPageShell(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const shell = shellOf(join(webDir(app.config), 'index.html'));
  // The branding as the web would ask for it (answer cache, access rules and all); a failure only
  // leaves the web to ask for it itself.
  const [head, branding, preloads] = await Promise.all([
    pageHeadFor(app.db, app.config.publicUrl, path),
    app
      .inject({ method: 'GET', url: '/api/branding-saas?populate=*' })
      .then((answer) => (answer.statusCode === 200 ? answer.body : undefined))
      .catch(() => undefined),
    routePreloadsOf(webDir(app.config)),
  ]);
  // A visitor's public page is drawn here (ADR 0060); a signed-in person's page depends on who
  // they are and is drawn by the browser, as are private and unknown pages.
  const rendered =
    !head.noindex && !requestCookies(request).get('token')
      ? await renderPage(app, webDir(app.config), request.url, request.log)
      : undefined;
  if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
  const page = rendered?.kind === 'page' ? rendered : undefined;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(
      withHead(await shell, head, {
        branding,
        preloads: preloadsFor(preloads, path),
        rendered: page,
      }),
    );
}

/**
 * A path that names a file by its extension (`/assets/app-1a2b.js`, `/icon-192.png`): no page of
 * the web app has one (spec §2's routes and ids are words and numbers).
 */
const FILE_EXTENSION =
  /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|pdf|wasm)$/i;
function isFilePath(path: string): boolean {
  return FILE_EXTENSION.test(path);
}

/** Where the built web app lives: configured, or apps/web/dist next to this package. */
function webDir(config: AppConfig): string {
  return config.webDistDir ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
}

function hasWeb(config: AppConfig): boolean {
  return existsSync(join(webDir(config), 'index.html'));
}
