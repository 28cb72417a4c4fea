import { z } from 'zod';
import { PROGRESS_MILESTONES, type ProgressMilestone } from '../constants/progress';
import { APPLICATION_STATUSES, PROJECT_STATUSES, PROJECT_TYPES } from '../constants/vocabularies';
import { strapiFiltersSchema } from './strapi';

/**
 * The custom calls of applications (ADR 0025): the admins' CSV export and the teacher's
 * dashboard.
 */

const id = z.number().int();
const dateTime = z.string().describe('ISO 8601, UTC');

/** `GET /api/applys/export`: the same Strapi `filters` as `GET /api/applys`, nothing else. */
export const applicationsExportQuerySchema = z.strictObject({
  filters: strapiFiltersSchema.optional(),
});
export type ApplicationsExportQuery = z.output<typeof applicationsExportQuerySchema>;

const dashboardProjectSchema = z.object({
  id,
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  application_deadline: z.string().nullable().describe('YYYY-MM-DD'),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  candidates: z.object({
    total: z.number().int(),
    pending: z.number().int().describe('Enviada + En revisión'),
  }),
});

const dashboardCandidateSchema = z.object({
  id,
  status: z.enum(APPLICATION_STATUSES),
  supermatch: z.boolean(),
  createdAt: dateTime,
  student: z.object({
    id,
    name: z.string(),
    degree: z.string().nullable(),
    university: z.string().nullable(),
  }),
  project: z.object({ id, title: z.string() }),
});

/** The five milestones of spec §3 Project progress, each ticked or not. */
const dashboardProgressSchema = z.object({
  id,
  ...(Object.fromEntries(PROGRESS_MILESTONES.map(({ key }) => [key, z.boolean()])) as Record<
    ProgressMilestone,
    z.ZodBoolean
  >),
});

const tutoredStudentSchema = z.object({
  application: z.object({
    id,
    status: z.enum(APPLICATION_STATUSES),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  student: z.object({ id, name: z.string(), email: z.string(), phone: z.string().nullable() }),
  project: z.object({ id, title: z.string(), status: z.enum(PROJECT_STATUSES) }),
  progress: dashboardProgressSchema.nullable(),
});

/** What a teacher's panel shows (ADR 0025). */
export const teacherDashboardSchema = z
  .object({
    counts: z.object({
      projects: z.number().int(),
      published: z.number().int(),
      pendingCandidates: z.number().int(),
      tutored: z.number().int(),
    }),
    projects: z.array(dashboardProjectSchema).describe('Most recently changed first'),
    candidates: z
      .array(dashboardCandidateSchema)
      .max(10)
      .describe('Latest applications to their projects still Enviada or En revisión'),
    tutored: z
      .array(tutoredStudentSchema)
      .describe('Selected students they tutor (assigned tutor, else the project teacher)'),
  })
  .meta({ id: 'TeacherDashboard' });
export type TeacherDashboard = z.infer<typeof teacherDashboardSchema>;
export type DashboardProject = TeacherDashboard['projects'][number];
export type DashboardCandidate = TeacherDashboard['candidates'][number];
export type TutoredStudent = TeacherDashboard['tutored'][number];
export type DashboardProgress = NonNullable<TutoredStudent['progress']>;

/** `GET /api/teachers/dashboard`. */
export const teacherDashboardAnswerSchema = z
  .object({ data: teacherDashboardSchema })
  .meta({ id: 'TeacherDashboardAnswer' });
export type TeacherDashboardAnswer = z.infer<typeof teacherDashboardAnswerSchema>;
