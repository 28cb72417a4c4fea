import type { AdminOverview, AdminOverviewAnswer, AdminOverviewImport } from '@plataforma/shared';

/**
 * The administration home's answer (`GET /api/admin/overview`, ADR 0066), typed by the shared
 * contract: nothing waiting and nothing counted, on the embedded database, unless a test gives
 * its figures (each group merged over those).
 */
export function adminOverviewAnswer(
  figures: {
    pending?: Partial<AdminOverview['pending']>;
    emails?: Partial<AdminOverview['emails']>;
    imports?: Partial<AdminOverview['imports']>;
    totals?: Partial<AdminOverview['totals']>;
    about?: Partial<AdminOverview['about']>;
  } = {},
  countedAt = '2026-11-26T09:32:00.000Z',
): AdminOverviewAnswer {
  return {
    data: {
      pending: { teachers: 0, works: 0, projects: 0, ...figures.pending },
      emails: {
        failed: 0,
        failedRecently: 0,
        waiting: 0,
        retrying: 0,
        deliveryConfigured: true,
        ...figures.emails,
      },
      imports: { running: 0, failedRecently: 0, latest: [], ...figures.imports },
      totals: {
        students: 0,
        teachers: 0,
        organizations: 0,
        publishedProjects: 0,
        ...figures.totals,
      },
      about: {
        version: '1.0.0',
        node: '24.1.0',
        database: { kind: 'pglite', version: '17.4' },
        ...figures.about,
      },
    },
    meta: { countedAt },
  };
}

/** A people import as the home lists it: running, of students, unless told otherwise. */
export function overviewImport(values: Partial<AdminOverviewImport> = {}): AdminOverviewImport {
  return {
    id: 7,
    kind: 'students',
    status: 'running',
    fileName: 'estudiantes.csv',
    total: 1200,
    processed: 500,
    createdAt: '2026-11-26T09:00:00.000Z',
    finishedAt: null,
    ...values,
  };
}
