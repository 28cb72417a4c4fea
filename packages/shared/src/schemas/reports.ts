import { z } from 'zod';
import { ODS_MAX, ODS_MIN } from '../constants/ods';
import type { ApplicationStatus } from '../constants/vocabularies';
import {
  PROJECT_STATUSES,
  PROJECT_TYPES,
  STUDENT_GOALS,
  THESIS_STAGES,
} from '../constants/vocabularies';
import { entryIdSchema } from './strapi';

/**
 * The admins' impact dashboard (ADR 0049): `GET /api/reports/overview` (the headline figures) and
 * one call per group of charts (`students`, `projects`, `applications`, `impact`), all over the
 * same filters. Every number is counted by PostgreSQL; what each one counts, and which date puts
 * it in the period, is written next to it here and in the ADR.
 */

/** The status of an application that means the student works on the project. */
export const SELECTED_APPLICATION_STATUS = 'Seleccionado' satisfies ApplicationStatus;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a day of the calendar written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const day = z
  .string()
  .refine(isCalendarDay, 'must be a day written YYYY-MM-DD')
  .describe('YYYY-MM-DD, a day in Spain (Europe/Madrid), inclusive');

/**
 * The filters every report call takes. `university`: one university's figures (none: every
 * university). `from` and `to`: the period, whole days of Spain, both included; either may be
 * left out (open at that end).
 */
export const reportsQuerySchema = z
  .strictObject({
    university: entryIdSchema.optional().describe('A university id; absent: all of them'),
    from: day.optional(),
    to: day.optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    message: 'must not be before from',
    path: ['to'],
  });
export type ReportsQuery = z.output<typeof reportsQuerySchema>;

const count = z.number().int().nonnegative();
const hours = z.number().int().nonnegative().describe('Hours, rounded (the hours rule, ADR 0049)');

/** The filters an answer was counted with, as applied (null: not given). */
const reportsMetaSchema = z.object({
  filters: z.object({
    university: z.number().int().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
});
export type ReportsMeta = z.infer<typeof reportsMetaSchema>;

const answer = <T extends z.ZodType>(data: T, id: string) =>
  z.object({ data, meta: reportsMetaSchema }).meta({ id });

/** `GET /api/reports/overview`: the headline figures, each counted as its chart counts it. */
export const reportsOverviewSchema = z.object({
  students: count.describe('Students of the university who signed up in the period'),
  projects: count.describe('Projects of the university (their campus) created in the period'),
  applications: count.describe('Applications of its students sent in the period'),
  selections: count.describe('Those applications whose status is Seleccionado'),
  hours: hours.describe('Hours of student work those selections channel (ADR 0049)'),
  activeOrganizations: count.describe(
    'Organisations that proposed one of the projects counted, or selected a student in one of the selections counted',
  ),
});
export type ReportsOverview = z.infer<typeof reportsOverviewSchema>;
export const reportsOverviewAnswerSchema = answer(reportsOverviewSchema, 'ReportsOverviewAnswer');
export type ReportsOverviewAnswer = z.infer<typeof reportsOverviewAnswerSchema>;

/**
 * `GET /api/reports/students`: the students who signed up in the period (every student without
 * one), by degree, thesis stage and goal as their profiles say today. Each list covers every
 * student once: `null` is a student who did not say (or a degree outside the catalogue).
 */
export const reportsStudentsSchema = z.object({
  total: count,
  byDegree: z
    .array(
      z.object({
        degree: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        count,
      }),
    )
    .describe('Most students first; null: no degree of the catalogue'),
  byThesisStage: z
    .array(z.object({ value: z.enum(THESIS_STAGES).nullable(), count }))
    .describe('Every stage in the vocabulary’s order, then null'),
  byGoal: z
    .array(z.object({ value: z.enum(STUDENT_GOALS).nullable(), count }))
    .describe('Every goal in the vocabulary’s order, then null'),
});
export type ReportsStudents = z.infer<typeof reportsStudentsSchema>;
export const reportsStudentsAnswerSchema = answer(reportsStudentsSchema, 'ReportsStudentsAnswer');
export type ReportsStudentsAnswer = z.infer<typeof reportsStudentsAnswerSchema>;

const odsNumber = z.number().int().min(ODS_MIN).max(ODS_MAX);

/**
 * `GET /api/reports/projects`: the projects created in the period whose campus is one of the
 * university's, by status (today's), type, the organisation's type and ODS. A project declares up
 * to several ODS and counts in each, so `byOds` does not add up to `total`.
 */
export const reportsProjectsSchema = z.object({
  total: count,
  byStatus: z
    .array(z.object({ value: z.enum(PROJECT_STATUSES), count }))
    .describe('Every status in the workflow’s order'),
  byType: z
    .array(z.object({ value: z.enum(PROJECT_TYPES), count }))
    .describe('Every type in the vocabulary’s order'),
  byOrganizationType: z
    .array(z.object({ value: z.string().nullable(), count }))
    .describe(
      'Projects of an organisation, by its type (the vocabulary’s first, then others; null: not stated)',
    ),
  withoutOrganization: count.describe('Projects no organisation proposes (a teacher’s own)'),
  byOds: z.array(z.object({ ods: odsNumber, count })).describe('The 17 ODS in order'),
});
export type ReportsProjects = z.infer<typeof reportsProjectsSchema>;
export const reportsProjectsAnswerSchema = answer(reportsProjectsSchema, 'ReportsProjectsAnswer');
export type ReportsProjectsAnswer = z.infer<typeof reportsProjectsAnswerSchema>;

/**
 * `GET /api/reports/applications`: the applications the university's students sent in the
 * period, and those selected, by the month (Spain's) they were sent: a selection has no date of
 * its own, so it counts in its application's month.
 */
export const reportsApplicationsSchema = z.object({
  applications: count,
  selections: count,
  months: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM'),
        applications: count,
        selections: count,
      }),
    )
    .describe(
      'Every month from the first application counted to the last, months without any included',
    ),
});
export type ReportsApplications = z.infer<typeof reportsApplicationsSchema>;
export const reportsApplicationsAnswerSchema = answer(
  reportsApplicationsSchema,
  'ReportsApplicationsAnswer',
);
export type ReportsApplicationsAnswer = z.infer<typeof reportsApplicationsAnswerSchema>;

/**
 * `GET /api/reports/impact`: the hours of student work channelled (the hours rule, ADR 0049), the
 * organisations active and, per ODS, the projects (as `projects` counts them), the selections and
 * their hours (as `applications` counts them).
 */
export const reportsImpactSchema = z.object({
  hours: hours,
  selections: count,
  selectionsWithoutDedication: count.describe(
    'Selections for a project that states no dedication: they add no hours',
  ),
  activeOrganizations: count,
  byOds: z
    .array(z.object({ ods: odsNumber, projects: count, selections: count, hours }))
    .describe('The 17 ODS in order'),
});
export type ReportsImpact = z.infer<typeof reportsImpactSchema>;
export const reportsImpactAnswerSchema = answer(reportsImpactSchema, 'ReportsImpactAnswer');
export type ReportsImpactAnswer = z.infer<typeof reportsImpactAnswerSchema>;
