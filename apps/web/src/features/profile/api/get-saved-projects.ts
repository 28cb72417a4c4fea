import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectSummary, RelatedList } from '../types';
import { projectSummaryParams, toProjectSummary, type ProjectAttributes } from './project-summary';

interface StudentFavourites {
  data: { id: number; attributes: { favorites?: RelatedList<ProjectAttributes> } };
}

/**
 * `GET /api/students/<id>?populate[favorites]=...` (spec §3 Student.favorites): the projects the
 * student saved, as the server lets them see them (published ones).
 */
export async function getSavedProjects(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProjectSummary[]> {
  const params = new URLSearchParams({
    'fields[0]': 'primaryKey',
    ...projectSummaryParams('populate[favorites]'),
  });
  const answer = await apiRequest<StudentFavourites>(`/api/students/${studentId}?${params}`, {
    signal,
  });
  return (answer.data.attributes.favorites?.data ?? []).map(({ id, attributes }) =>
    toProjectSummary(id, attributes),
  );
}

export const savedProjectsQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: ['profile', 'saved-projects', studentId],
    queryFn: ({ signal }) => getSavedProjects(studentId, { signal }),
  });

export function useSavedProjects(studentId: number) {
  return useQuery(savedProjectsQueryOptions(studentId));
}
