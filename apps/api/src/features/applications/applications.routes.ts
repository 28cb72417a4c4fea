import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { requestQuery } from '../../lib/strapi/routes';
import { exportApplications, teacherDashboard } from './applications.service';

/**
 * Custom routes of applications (ADR 0025). Static paths win over the generic `/:id` routes of
 * applys and teachers in Fastify's router. Neither is cached: both are personal and change with
 * every application.
 */
export async function applicationsRoutes(app: FastifyInstance) {
  app.get('/api/applys/export', async (request, reply) => {
    const { filename, csv } = await exportApplications(app, request.actor, requestQuery(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(filename, { type: 'attachment' }))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/api/teachers/dashboard', async (request) => ({
    data: await teacherDashboard(app, request.actor),
  }));
}
