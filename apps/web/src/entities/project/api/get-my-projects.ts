import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { MyProject, MyProjectsPage } from '../types';

/** The API's page size for this list (its maximum): one page is enough for almost everyone. */
export const MY_PROJECTS_PAGE_SIZE = 100;

/**
 * `GET /api/projects/mine?page=`: the caller's projects in any status with their candidate counts
 * (a teacher's own, a coordinator's organisation's, every project for an admin), most recently
 * changed first.
 */
export async function getMyProjects(page = 1, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(MY_PROJECTS_PAGE_SIZE),
  });
  const answer = await apiRequest<Partial<MyProjectsPage> & { data: MyProject[] }>(
    `/api/projects/mine?${params}`,
    { signal },
  );
  const total = answer.data.length;
  return {
    data: answer.data,
    meta: answer.meta ?? {
      pagination: { page, pageSize: MY_PROJECTS_PAGE_SIZE, pageCount: 1, total },
    },
  } satisfies MyProjectsPage;
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
