import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Pagination } from '../../project/types';
import { RESOURCE_ROOTS } from '../../resources';
import type { ApplicationsPage } from '../types';
import { ENTRY_PARAMS, toAdminApplication, type ApplyEntry } from '../utils/admin-application';

/** Rows of a page of the admin lists. */
export const APPLICATIONS_PAGE_SIZE = 20;

/**
 * `GET /api/applys` with Strapi `filters` (already built by the screen: the list's filters of
 * ADR 0029, or `filters[status][$eq]=Seleccionado` for the tutor assignment of spec §7), newest
 * first, one page, each with its student, project and tutor. Admins read every application
 * (ADR 0012).
 */
export async function getApplications(
  filters: [string, string][],
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApplicationsPage> {
  const params = new URLSearchParams([
    ...filters,
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

export const applicationsQueryOptions = (filters: [string, string][], page: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.applys, 'list', filters, page],
    queryFn: ({ signal }) => getApplications(filters, page, { signal }),
    // The table keeps the previous page while the next one loads (no jump to "Cargando...").
    placeholderData: keepPreviousData,
  });

export function useApplications(filters: [string, string][], page: number) {
  return useQuery(applicationsQueryOptions(filters, page));
}
