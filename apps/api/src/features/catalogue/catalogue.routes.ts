import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { namesAnswerSchema, namesQuerySchema, strapiReadQuerySchema } from '@plataforma/shared';
import { serveCached } from '../../lib/cache/serve-cached';
import { registryRef, routeSchema } from '../../lib/route-schema';
import { findNames } from './catalogue.service';

const UNIVERSITY = 'api::university.university';
const CAMPUS = 'api::campus.campus';
const DEGREE = 'api::degree.degree';

/**
 * The catalogue calls of spec §7 that are not plain content routes: the option fetchers of the
 * comboboxes (ADR 0005) and the degree list with its campuses and calls.
 */
export async function catalogueRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { entities } = app;

  const names = <const K extends string>(
    path: string,
    uid: string,
    summary: string,
    allowedFilters: readonly K[],
  ) =>
    app.get(
      path,
      {
        schema: routeSchema(
          { tag: 'catalogue', summary, errors: [400, 401] },
          { querystring: namesQuerySchema(allowedFilters), response: { 200: namesAnswerSchema } },
        ),
      },
      (request, reply) =>
        serveCached(request, reply, (tables) =>
          findNames(app, request.actor, { uid, query: request.query }, tables),
        ),
    );
  // `filters[id]` finds the chosen entries again (their labels; whether they are still offered
  // under the parents' filters, spec §4 Dependent select).
  names('/api/universities/names', UNIVERSITY, 'University names (combobox options)', ['id']);
  names(
    '/api/campuses/names',
    CAMPUS,
    'Campus names, optionally of one university (filters[university][id] or [name])',
    ['id', 'university'],
  );
  names(
    '/api/degree/names',
    DEGREE,
    'Degree names, each once, optionally by master (filters[master]) and campus (filters[campuses][id] or [name])',
    ['id', 'master', 'campuses'],
  );

  // Every degree with its campuses and calls (admin "Facultades y Grados" and the degree pickers).
  app.get(
    '/api/degree/fetchNames',
    {
      schema: routeSchema(
        { tag: 'catalogue', summary: 'Degrees with their campuses and calls', errors: [400, 401] },
        {
          querystring: strapiReadQuerySchema,
          response: { 200: registryRef('DegreeListResponse') },
        },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, (tables) =>
        entities.findJson(
          DEGREE,
          {
            populate: { campuses: { fields: ['name'] }, calls: true },
            sort: 'name:asc',
            ...request.query,
          },
          request.actor,
          tables,
        ),
      ),
  );
}
