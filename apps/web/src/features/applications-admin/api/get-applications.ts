import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ApplicationFilters, ApplicationsPage, Pagination } from '../types';
import { toStrapiFilters } from '../utils/application-filters';
import { ENTRY_PARAMS, toAdminApplication, type ApplyEntry } from './application-entry';

/** Rows of a page of /projects/applys. */
export const APPLICATIONS_PAGE_SIZE = 20;

/**
 * `GET /api/applys` with the filters of /projects/applys (ADR 0029), newest first, one page.
 * Admins read every application (ADR 0012).
 */
export async function getApplications(
  filters: ApplicationFilters,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApplicationsPage> {
  const params = new URLSearchParams([
    ...toStrapiFilters(filters),
    ...ENTRY_PARAMS,
    ['sort[0]', 'createdAt:desc'],
    ['pagination[page]', String(page)],
    ['pagination[pageSize]', String(APPLICATIONS_PAGE_SIZE)],
  ]);
  const answer = await apiRequest<{ data: ApplyEntry[]; meta: { pagination: Pagination } }>(
    `/api/applys?${params}`,
    { signal },
  );
  return { applications: answer.data.map(toAdminApplication), pagination: answer.meta.pagination };
}

export const applicationsQueryOptions = (filters: ApplicationFilters, page: number) =>
  queryOptions({
    queryKey: ['applications-admin', 'list', filters, page],
    queryFn: ({ signal }) => getApplications(filters, page, { signal }),
    // The table keeps the previous page while the next one loads (no jump to "Cargando...").
    placeholderData: keepPreviousData,
  });

export function useApplications(filters: ApplicationFilters, page: number) {
  return useQuery(applicationsQueryOptions(filters, page));
}
