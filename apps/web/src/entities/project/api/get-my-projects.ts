import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MY_PROJECTS_PAGE_SIZE } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { MyProjectsPage } from '../types';

/** The API's page size for this list (its maximum): one page is enough for almost everyone. */
const PAGE_SIZE = MY_PROJECTS_PAGE_SIZE.max;

/**
 * `GET /api/projects/mine?page=`: the caller's projects in any status with their candidate counts
 * (a teacher's own, a coordinator's organisation's, every project for an admin), most recently
 * changed first.
 */
export async function getMyProjects(page = 1, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(PAGE_SIZE),
  });
  return apiRequest<MyProjectsPage>(`/api/projects/mine?${params}`, { signal });
}

export const myProjectsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.projects, 'mine', page],
    queryFn: ({ signal }) => getMyProjects(page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMyProjects(page = 1) {
  return useQuery(myProjectsQueryOptions(page));
}
