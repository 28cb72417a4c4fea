import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestQuery } from '../../lib/strapi/routes';
import { serveCached } from '../../lib/cache/serve-cached';
import { findNames } from './catalogue.service';

const UNIVERSITY = 'api::university.university';
const CAMPUS = 'api::campus.campus';
const DEGREE = 'api::degree.degree';

/**
 * The catalogue calls of spec §7 that are not plain content routes: the option fetchers of the
 * comboboxes and the degree list with its campuses and calls.
 */
export async function catalogueRoutes(app: FastifyInstance) {
  const { entities } = app;

  const names =
    (uid: string, allowedFilters: string[]) => (request: FastifyRequest, reply: FastifyReply) =>
      serveCached(request, reply, (tables) =>
        findNames(entities, { uid, allowedFilters }, requestQuery(request), request.actor, tables),
      );
  app.get('/api/universities/names', names(UNIVERSITY, []));
  app.get('/api/campuses/names', names(CAMPUS, ['university']));
  app.get('/api/degree/names', names(DEGREE, ['master', 'campuses']));

  // Every degree with its campuses and calls (admin "Facultades y Grados" and the degree pickers).
  app.get('/api/degree/fetchNames', (request, reply) =>
    serveCached(request, reply, (tables) =>
      entities.findJson(
        DEGREE,
        {
          populate: { campuses: { fields: ['name'] }, calls: true },
          sort: 'name:asc',
          ...requestQuery(request),
        },
        request.actor,
        tables,
      ),
    ),
  );
}
