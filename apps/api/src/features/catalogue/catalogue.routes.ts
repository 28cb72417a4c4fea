import type { FastifyInstance } from 'fastify';
import { requestQuery } from '../../lib/strapi/routes';
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

  app.get('/api/universities/names', (request) =>
    findNames(entities, { uid: UNIVERSITY, allowedFilters: [] }, requestQuery(request), request.actor),
  );
  app.get('/api/campuses/names', (request) =>
    findNames(entities, { uid: CAMPUS, allowedFilters: ['university'] }, requestQuery(request), request.actor),
  );
  app.get('/api/degree/names', (request) =>
    findNames(entities, { uid: DEGREE, allowedFilters: ['master', 'campuses'] }, requestQuery(request), request.actor),
  );

  // Every degree with its campuses and calls (admin "Facultades y Grados" and the degree pickers).
  app.get('/api/degree/fetchNames', (request) => {
    const query = requestQuery(request);
    return entities.find(
      DEGREE,
      { populate: { campuses: { fields: ['name'] }, calls: true }, sort: 'name:asc', ...query },
      request.actor,
    );
  });
}
