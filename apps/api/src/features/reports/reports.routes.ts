import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  reportsApplicationsAnswerSchema,
  reportsImpactAnswerSchema,
  reportsOverviewAnswerSchema,
  reportsProjectsAnswerSchema,
  reportsQuerySchema,
  reportsStudentsAnswerSchema,
  type ReportsQuery,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import {
  reportApplications,
  reportImpact,
  reportOverview,
  reportProjects,
  reportStudents,
} from './reports.service';

const FILTERS =
  'Query: `university` (an id; absent: every university), `from` and `to` (YYYY-MM-DD, whole days of Spain, both included; either may be absent). A university’s students are those of its profile; its projects those whose campus is one of its own; its applications those of its students. Each thing is in the period by the day it was created (signed up, proposed, sent). Answered uncached: the figures are read when asked.';

/**
 * The admins' impact dashboard (ADR 0049): the headline figures and one call per group of charts,
 * over the same filters. Admins only: anyone else 403, visitors 401, before validation.
 */
export async function reportsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admins = onlyRoles(['admin'], { visitor: 'unauthorized' });

  const report = (
    path: string,
    summary: string,
    description: string,
    answer: ZodType,
    run: (ctx: AppContext, query: ReportsQuery) => Promise<unknown>,
  ) =>
    app.get(
      `/api/reports/${path}`,
      {
        preValidation: admins,
        schema: routeSchema(
          {
            tag: 'reports',
            summary,
            description: `Bearer; admins only. ${description} ${FILTERS}`,
            access: 'bearer',
            errors: [400, 401, 403],
          },
          { querystring: reportsQuerySchema, response: { 200: answer } },
        ),
      },
      (request) => run(app, request.query),
    );

  report(
    'overview',
    'The dashboard’s headline figures',
    'Students, projects, applications, selections, hours of student work and organisations active, each counted as its chart counts it.',
    reportsOverviewAnswerSchema,
    reportOverview,
  );
  report(
    'students',
    'Students by degree, thesis stage and goal',
    'The students who signed up in the period, by what their profiles say today.',
    reportsStudentsAnswerSchema,
    reportStudents,
  );
  report(
    'projects',
    'Projects by status, type, organisation type and ODS',
    'The projects created in the period; a project counts in each ODS it declares.',
    reportsProjectsAnswerSchema,
    reportProjects,
  );
  report(
    'applications',
    'Applications and selections by month',
    'The applications sent in the period and those selected, by the month (Spain’s) they were sent; every month between the first and the last is listed.',
    reportsApplicationsAnswerSchema,
    reportApplications,
  );
  report(
    'impact',
    'Hours of student work, organisations active and the ODS summary',
    'Hours: each selection times its project’s weekly dedication (the middle of its band, 20 for «Más de 20») times 15 weeks. An organisation is active when it proposed one of the projects counted or selected a student in one of the selections counted.',
    reportsImpactAnswerSchema,
    reportImpact,
  );
}
