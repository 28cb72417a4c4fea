import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { RecommendedProjectsAnswer } from '@plataforma/shared';
import type { RecommendedProject } from '../types';
import { toProjectCard } from '../utils/to-card';

/**
 * `GET /api/projects/recommended` (students, ADR 0026): up to six published projects
 * the student has not applied to, each with its score and the reasons it matches.
 */
export async function getRecommendedProjects({ signal }: { signal?: AbortSignal } = {}): Promise<
  RecommendedProject[]
> {
  const answer = await apiRequest<RecommendedProjectsAnswer>('/api/projects/recommended', {
    signal,
  });
  return answer.data.map((entry) => ({
    project: toProjectCard(entry.id, entry.attributes),
    score: entry.score,
    reasons: entry.reasons,
  }));
}

export const recommendedProjectsQueryOptions = (studentId: number | null) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.projects, 'recommended', studentId],
    queryFn: ({ signal }) => getRecommendedProjects({ signal }),
    // Recommendations are a bonus: a failure is logged and the section stays hidden.
    meta: { logErrorAs: 'No se pudieron cargar los proyectos recomendados.' },
    retry: false,
  });

export function useRecommendedProjects(studentId: number | null) {
  return useQuery({ ...recommendedProjectsQueryOptions(studentId), enabled: studentId !== null });
}
