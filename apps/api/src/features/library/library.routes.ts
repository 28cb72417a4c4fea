import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  tfxRelatedAnswerSchema,
  tfxSearchAnswerSchema,
  tfxSearchQuerySchema,
} from '@plataforma/shared';
import { jsonText, serveCached } from '../../lib/cache/serve-cached';
import { routeSchema } from '../../lib/route-schema';
import { findRelatedTfxes, searchTfxes } from './library.search';

/**
 * The library's public search and a work's related works (ADR 0038). Reading, creating and
 * reviewing works are the generic routes of `api::tfx.tfx`. Registered before them: these paths
 * are static or longer than `/api/tfxes/:id`, so the router never confuses them.
 */
export async function libraryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/tfxes/search',
    {
      schema: routeSchema(
        {
          tag: 'tfxes',
          summary: 'Search the library of final works, with facets and snippets',
          description:
            'Published works (`external=true`: the external repository) matching every filter, a page of them and the facets, each counted over every filter but its own. `q` searches the title, summary, tags and the PDF\'s text in Spanish (accents and plurals ignored; websearch syntax: "a phrase", `or`, `-word`), ranks by relevance and answers snippets with the words in `<mark>`; when the words match nothing, works whose title or tags hold similar words are answered and `meta.fallback` is true (ADR 0038).',
          errors: [400],
        },
        { querystring: tfxSearchQuerySchema, response: { 200: tfxSearchAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        searchTfxes(app, request.actor, request.query, tables),
      ),
  );

  app.get(
    '/api/tfxes/:id/related',
    {
      schema: routeSchema(
        {
          tag: 'tfxes',
          summary: 'Works related to a work',
          description:
            'Up to four other published works of the same repository, the closest first: shared tags, the same sector or degree, the words of its title (ADR 0038). 404 when the caller may not see the work.',
          errors: [400, 404],
        },
        { params: idParamsSchema, response: { 200: tfxRelatedAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        jsonText(await findRelatedTfxes(app, request.actor, request.params.id, tables)),
      ),
  );
}
