import {
  ODS,
  ORGANIZATION_TYPES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  STUDENT_GOALS,
  THESIS_STAGES,
  type NamesAnswer,
  type ReportsApplications,
  type ReportsApplicationsAnswer,
  type ReportsImpact,
  type ReportsImpactAnswer,
  type ReportsMeta,
  type ReportsOverview,
  type ReportsOverviewAnswer,
  type ReportsProjectsAnswer,
  type ReportsStudents,
  type ReportsStudentsAnswer,
} from '@plataforma/shared';
import { collection } from './envelopes';

/**
 * The impact dashboard's answers (`GET /api/reports/*`, ADR 0049), typed by the shared contract:
 * every list complete (every status, type, stage, goal and the 17 ODS) with zeros, unless a test
 * gives counts.
 */

const meta = (filters: Partial<ReportsMeta['filters']> = {}): ReportsMeta => ({
  filters: { university: null, from: null, to: null, ...filters },
});

export function overviewAnswer(figures: Partial<ReportsOverview> = {}): ReportsOverviewAnswer {
  return {
    data: {
      students: 0,
      projects: 0,
      applications: 0,
      selections: 0,
      hours: 0,
      activeOrganizations: 0,
      ...figures,
    },
    meta: meta(),
  };
}

export function studentsAnswer(
  counts: {
    degrees?: ReportsStudents['byDegree'];
    stages?: Partial<Record<string, number>>;
    goals?: Partial<Record<string, number>>;
  } = {},
): ReportsStudentsAnswer {
  const byDegree = counts.degrees ?? [];
  return {
    data: {
      total: byDegree.reduce((sum, row) => sum + row.count, 0),
      byDegree,
      byThesisStage: [...THESIS_STAGES, null].map((value) => ({
        value,
        count: counts.stages?.[value ?? 'none'] ?? 0,
      })),
      byGoal: [...STUDENT_GOALS, null].map((value) => ({
        value,
        count: counts.goals?.[value ?? 'none'] ?? 0,
      })),
    },
    meta: meta(),
  };
}

export function projectsAnswer(
  counts: {
    statuses?: Partial<Record<string, number>>;
    types?: Partial<Record<string, number>>;
    organizationTypes?: Partial<Record<string, number>>;
    withoutOrganization?: number;
    ods?: Partial<Record<number, number>>;
  } = {},
): ReportsProjectsAnswer {
  const byStatus = PROJECT_STATUSES.map((value) => ({
    value,
    count: counts.statuses?.[value] ?? 0,
  }));
  return {
    data: {
      total: byStatus.reduce((sum, row) => sum + row.count, 0),
      byStatus,
      byType: PROJECT_TYPES.map((value) => ({ value, count: counts.types?.[value] ?? 0 })),
      byOrganizationType: [...ORGANIZATION_TYPES, null].map((value) => ({
        value,
        count: counts.organizationTypes?.[value ?? 'none'] ?? 0,
      })),
      withoutOrganization: counts.withoutOrganization ?? 0,
      byOds: ODS.map(({ number }) => ({ ods: number, count: counts.ods?.[number] ?? 0 })),
    },
    meta: meta(),
  };
}

export function applicationsAnswer(
  months: ReportsApplications['months'] = [],
): ReportsApplicationsAnswer {
  return {
    data: {
      applications: months.reduce((sum, row) => sum + row.applications, 0),
      selections: months.reduce((sum, row) => sum + row.selections, 0),
      months,
    },
    meta: meta(),
  };
}

export function impactAnswer(
  figures: Partial<Omit<ReportsImpact, 'byOds'>> = {},
  byOds: Partial<Record<number, { projects?: number; selections?: number; hours?: number }>> = {},
): ReportsImpactAnswer {
  return {
    data: {
      hours: 0,
      selections: 0,
      selectionsWithoutDedication: 0,
      activeOrganizations: 0,
      ...figures,
      byOds: ODS.map(({ number }) => ({
        ods: number,
        projects: byOds[number]?.projects ?? 0,
        selections: byOds[number]?.selections ?? 0,
        hours: byOds[number]?.hours ?? 0,
      })),
    },
    meta: meta(),
  };
}

/** `GET /api/universities/names`: the universities by name, ids from 1. */
export function universityNames(names: string[]): NamesAnswer {
  return collection(
    names.map((name, index) => ({ id: index + 1, attributes: { name } })),
    { pageSize: 100 },
  );
}
