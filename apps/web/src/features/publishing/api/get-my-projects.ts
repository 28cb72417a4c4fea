import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MyProject } from '../types';

/**
 * `GET /api/projects/mine`: the caller's projects in any status with their candidate counts
 * (a teacher's own, a coordinator's organisation's, every project for an admin).
 */
export async function getMyProjects({ signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<{ data: MyProject[] }>('/api/projects/mine', { signal });
  return answer.data;
}

export const myProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'mine'],
    queryFn: ({ signal }) => getMyProjects({ signal }),
  });

export function useMyProjects() {
  return useQuery(myProjectsQueryOptions());
}
