import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationsExportQuerySchema, teacherDashboardAnswerSchema } from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import {
  EXPORT_HEADER,
  MAX_EXPORT_ROWS,
  exportApplications,
  teacherDashboard,
} from './applications.service';

/**
 * Custom routes of applications (ADR 0025). Static paths win over the generic `/:id` routes of
 * applys and teachers in Fastify's router. Neither is cached: both are personal and change with
 * every application.
 */
export async function applicationsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/applys/export',
    {
      preValidation: onlyRoles(['admin']),
      schema: routeSchema(
        {
          tag: 'applications',
          summary: 'Applications as a CSV file (admins)',
          description: `Bearer; admins only (403 otherwise, visitors included). Takes the same Strapi \`filters\` as GET /api/applys (no other parameter), newest first, at most ${MAX_EXPORT_ROWS} rows. UTF-8 with BOM, \`;\`-separated, CRLF; Spanish header: ${EXPORT_HEADER.join(', ')} (dates dd/mm/aaaa hh:mm, Europe/Madrid). Sent as an attachment \`candidaturas-YYYY-MM-DD.csv\`.`,
          access: 'bearer',
          errors: [400, 401, 403],
        },
        {
          querystring: applicationsExportQuerySchema,
          response: {
            200: z
              .string()
              .meta({ description: 'The CSV file (text/csv; charset=utf-8), as an attachment' }),
          },
        },
      ),
    },
    async (request, reply) => {
      const { filename, csv } = await exportApplications(app, request.actor, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(filename, { type: 'attachment' }))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/teachers/dashboard',
    {
      schema: routeSchema(
        {
          tag: 'applications',
          summary: "The signed-in teacher's dashboard",
          description:
            'Bearer; teachers only (403 otherwise). Counts, their projects with candidates (pending = Enviada + En revisión), the 10 latest pending candidates, and the selected students they tutor with the project progress.',
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: teacherDashboardAnswerSchema } },
      ),
    },
    async (request) => ({ data: await teacherDashboard(app, request.actor) }),
  );
}
