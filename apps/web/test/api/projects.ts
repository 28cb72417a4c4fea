import {
  APPLICATION_STATUSES,
  PROJECT_FACETS,
  type ApplicationStatus,
  type FacetCount,
  type MyProject,
  type MyProjectsAnswer,
  type ProjectCard,
  type ProjectFacet,
  type ProjectSearchAnswer,
  type RecommendedProjectsAnswer,
} from '@plataforma/shared';

/**
 * Answers of the project lists as the API gives them, typed by the shared contract
 * (packages/shared/src/schemas/projects.ts): a fake that drifts from the API's answer no longer
 * compiles.
 */

/** A project card with plausible values; `extra` overrides any of them. */
export function projectCard(title: string, extra: Partial<ProjectCard> = {}): ProjectCard {
  return {
    title,
    description: 'Descripción',
    status: 'Publicada',
    type: 'Impacto social',
    ods: [4, 10],
    tags: ['educación'],
    study_areas: ['Humanidades'],
    study_subareas: [],
    presentiality: 'Remoto',
    location: 'Murcia',
    locality: 'Cartagena',
    remuneration: false,
    dedication: 'Entre 5 y 10 horas semanales',
    language: 'Español',
    internship: false,
    application_deadline: '2099-12-31',
    publishedAt: '2026-11-01T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    organization: { id: 3, name: 'Fundación Horizonte Solidario', logoUrl: null },
    teacher: null,
    ...extra,
  };
}

/** A project as `GET /api/projects/search` answers it. */
export function searchEntry(id: number, title: string, extra: Partial<ProjectCard> = {}) {
  return { id, attributes: projectCard(title, extra) };
}

const DEFAULT_FACETS: Partial<Record<ProjectFacet, FacetCount[]>> = {
  type: [
    { value: 'Impacto social', count: 7 },
    { value: 'TFG/TFM', count: 3 },
  ],
  ods: [
    { value: 4, count: 5 },
    { value: 10, count: 2 },
  ],
  presentiality: [
    { value: 'Remoto', count: 4 },
    { value: 'Presencial', count: 6 },
  ],
  remuneration: [
    { value: true, count: 2 },
    { value: false, count: 8 },
  ],
};

/** `GET /api/projects/search`: a page of entries and the facets (every facet is answered). */
export function searchAnswer(
  data: ProjectSearchAnswer['data'],
  {
    page = 1,
    pageCount = 1,
    total = data.length,
    facets = {},
  }: {
    page?: number;
    pageCount?: number;
    total?: number;
    facets?: Partial<Record<ProjectFacet, FacetCount[]>>;
  } = {},
): ProjectSearchAnswer {
  const all = { ...DEFAULT_FACETS, ...facets };
  return {
    data,
    meta: {
      pagination: { page, pageSize: 12, pageCount, total },
      facets: Object.fromEntries(
        PROJECT_FACETS.map((facet) => [facet, all[facet] ?? []]),
      ) as ProjectSearchAnswer['meta']['facets'],
    },
  };
}

/** `GET /api/projects/recommended`. */
export function recommendedAnswer(
  data: RecommendedProjectsAnswer['data'],
): RecommendedProjectsAnswer {
  return { data, meta: {} };
}

/** One of a publisher's projects: the card, its review state and its candidates by status. */
export function myProject(
  id: number,
  title: string,
  extra: Partial<MyProject> & {
    candidatesByStatus?: Partial<Record<ApplicationStatus, number>>;
  } = {},
): MyProjectsAnswer['data'][number] {
  const { candidatesByStatus = {}, ...rest } = extra;
  const byStatus = Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [status, candidatesByStatus[status] ?? 0]),
  ) as Record<ApplicationStatus, number>;
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return {
    id,
    attributes: {
      ...projectCard(title, { status: 'Pendiente', publishedAt: null }),
      validated: false,
      rejection_reason: null,
      updatedAt: '2026-11-02T10:00:00.000Z',
      candidates: { total, pending: byStatus.Enviada + byStatus['En revisión'], byStatus },
      ...rest,
    },
  };
}

/** `GET /api/projects/mine`: one page of the publisher's projects. */
export function myProjectsAnswer(data: MyProjectsAnswer['data']): MyProjectsAnswer {
  return {
    data,
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } },
  };
}
