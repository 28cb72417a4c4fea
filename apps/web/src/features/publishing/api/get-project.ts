import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectAttributes } from '../types';

export interface ProjectRecord {
  id: number;
  attributes: ProjectAttributes;
}

/**
 * `GET /api/projects/:id?populate=campus.university`: one project as its publisher sees it (any
 * status; the API answers 404 for someone else's draft), with its campus and that campus's
 * university so the form can show both.
 */
export async function getProject(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<{ data: ProjectRecord }>(
    `/api/projects/${id}?populate=campus.university`,
    { signal },
  );
  return answer.data;
}

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['publishing', 'project', id],
    queryFn: ({ signal }) => getProject(id, { signal }),
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}
