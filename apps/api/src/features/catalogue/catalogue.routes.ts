import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  callUsageAnswerSchema,
  campusUsageAnswerSchema,
  degreeUsageAnswerSchema,
  idParamsSchema,
  namesAnswerSchema,
  namesQuerySchema,
  strapiReadQuerySchema,
} from '@plataforma/shared';
import { serveCached } from '../../lib/cache/serve-cached';
import { onlyRoles } from '../../lib/route-guards';
import { registryRef, routeSchema } from '../../lib/route-schema';
import { callUsage, campusUsage, degreeUsage, findNames, USAGE_ROLES } from './catalogue.service';

const UNIVERSITY = 'api::university.university';
const CAMPUS = 'api::campus.campus';
const DEGREE = 'api::degree.degree';

/**
 * The catalogue calls of spec §7 that are not plain content routes: the option fetchers of the
 * comboboxes (ADR 0005), the degree list with its campuses and calls, and what deleting a
 * campus, a degree or a call touches, which the admins' confirmation states (ADR 0047).
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

  // What a delete touches, for the admins' confirmation (ADR 0047). Not cached: it is asked
  // right before a delete and must count what is there now.
  const admins = onlyRoles(USAGE_ROLES);
  app.get(
    '/api/campuses/:id/usage',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          tag: 'catalogue',
          summary: 'What deleting a campus touches',
          description:
            'Bearer; admins (403 for anyone else). Counted as `DELETE /api/campuses/:id` would do it (spec §7, ADR 0032): the calls and degrees deleted, those kept and only unlinked (offered by another campus, or belonging to a surviving degree too), and the students, teachers, projects and applications whose campus, degree or call would be cleared. Nothing is written.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: { 200: campusUsageAnswerSchema } },
      ),
    },
    async (request) => ({ data: await campusUsage(app, request.actor, request.params.id) }),
  );
  app.get(
    '/api/degrees/:id/usage',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          tag: 'catalogue',
          summary: 'What deleting a degree touches',
          description:
            'Bearer; admins (403 for anyone else). The campuses that stop offering it and the calls unlinked from it (both stay), the students whose degree would be cleared and the teachers who would lose it. Nothing is written.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: { 200: degreeUsageAnswerSchema } },
      ),
    },
    async (request) => ({ data: await degreeUsage(app, request.actor, request.params.id) }),
  );
  app.get(
    '/api/calls/:id/usage',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          tag: 'catalogue',
          summary: 'What deleting a call touches',
          description:
            'Bearer; admins (403 for anyone else). The degrees it belongs to (they stay) and the applications whose call would be cleared. Nothing is written.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: { 200: callUsageAnswerSchema } },
      ),
    },
    async (request) => ({ data: await callUsage(app, request.actor, request.params.id) }),
  );
}
