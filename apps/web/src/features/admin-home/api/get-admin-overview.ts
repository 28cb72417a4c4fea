import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

/** The administration home's queries start with the API's own name for it (ADR 0030). */
export const ADMIN_OVERVIEW_ROOT = 'admin-overview';

/**
 * `GET /api/admin/overview` (admins, ADR 0066): what waits for an admin, a few totals and what the
 * server runs on, counted when asked.
 */
export function getAdminOverview({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<AdminOverviewAnswer>('/api/admin/overview', { signal });
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_OVERVIEW_ROOT],
    queryFn: ({ signal }) => getAdminOverview({ signal }),
    // Unlike the app's other answers (never stale until a write invalidates them, spec §9), these
    // figures move with everyone's writes, which this browser never sees: they are read again
    // each time the page is shown and when the admin comes back to the tab.
    staleTime: 0,
  });

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
