import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  libraryVisitAnswerSchema,
  libraryVisitParamsSchema,
  tfxDownloadAnswerSchema,
  tfxViewAnswerSchema,
} from '@plataforma/shared';
import { routeSchema } from '../../lib/route-schema';
import {
  countResourceVisit,
  countTfxDownload,
  countTfxView,
  type VisitorRequest,
} from './library.visits';

/** The address (as trusted under TRUST_PROXY) and browser of the request. */
const visitorOf = (request: FastifyRequest): VisitorRequest => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

const COUNTED_ONCE =
  'Counted once per visitor per day (Europe/Madrid): the signed-in user, or for visitors a keyed hash of the address and browser. Only published entries count; an author or admin previewing a draft is answered the same without counting.';

/**
 * The library's counters (ADR 0039): views and downloads of works, visits of resources. Never
 * cached: each is a write.
 */
export async function libraryVisitsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/tfxes/:id/views',
    {
      schema: routeSchema(
        {
          tag: 'library',
          summary: 'Count a view of a work; answers whether this one counted',
          description: `No body. ${COUNTED_ONCE} \`data.counted\` is true when this request counted the view (the page shows the count it read plus one). 404 when the caller may not see the work.`,
          errors: [400, 401, 404],
        },
        { params: libraryVisitParamsSchema, response: { 200: tfxViewAnswerSchema } },
      ),
    },
    async (request) => {
      const counted = await countTfxView(app, request.actor, request.params.id, visitorOf(request));
      return { data: { counted } };
    },
  );

  app.get(
    '/api/tfxes/:id/download',
    {
      // A HEAD (a link checker, a prefetch) must not count a download.
      exposeHeadRoute: false,
      schema: routeSchema(
        {
          tag: 'library',
          summary: "Download a work's document: counts a download, then redirects to it",
          description: `302 to the work's PDF (private files are served to whoever may see the work) or, for an external work without a PDF, to its link. ${COUNTED_ONCE} 404 when the caller may not see the work or it has no document.`,
          errors: [400, 401, 404],
        },
        { params: libraryVisitParamsSchema, response: { 302: tfxDownloadAnswerSchema } },
      ),
    },
    async (request, reply) => {
      const location = await countTfxDownload(
        app,
        request.actor,
        request.params.id,
        visitorOf(request),
      );
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    '/api/resources/:id/visits',
    {
      schema: routeSchema(
        {
          tag: 'library',
          summary: 'Count a visit of a resource (its popularity_visits)',
          description: `No body. ${COUNTED_ONCE} 404 when the caller may not see the resource.`,
          errors: [400, 401, 404],
        },
        { params: libraryVisitParamsSchema, response: { 204: libraryVisitAnswerSchema } },
      ),
    },
    async (request, reply) => {
      await countResourceVisit(app, request.actor, request.params.id, visitorOf(request));
      return reply.status(204).send();
    },
  );
}
