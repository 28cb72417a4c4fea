import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ApplicationsPage, Pagination } from '../types';
import { ENTRY_PARAMS, toAdminApplication, type ApplyEntry } from './application-entry';

export const SELECTED_PAGE_SIZE = 20;

/**
 * `GET /api/applys?filters[status][$eq]=Seleccionado` with populate (spec §7): the selected
 * applications an admin gives a tutor, newest first.
 */
export async function getSelectedApplications(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApplicationsPage> {
  const params = new URLSearchParams([
    ['filters[status][$eq]', 'Seleccionado'],
    ...ENTRY_PARAMS,
    ['sort[0]', 'createdAt:desc'],
    ['pagination[page]', String(page)],
    ['pagination[pageSize]', String(SELECTED_PAGE_SIZE)],
  ]);
  const answer = await apiRequest<{ data: ApplyEntry[]; meta: { pagination: Pagination } }>(
    `/api/applys?${params}`,
    { signal },
  );
  return { applications: answer.data.map(toAdminApplication), pagination: answer.meta.pagination };
}

export const selectedApplicationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['applications-admin', 'selected', page],
    queryFn: ({ signal }) => getSelectedApplications(page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useSelectedApplications(page: number) {
  return useQuery(selectedApplicationsQueryOptions(page));
}
