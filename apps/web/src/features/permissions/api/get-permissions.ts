import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PermissionsStatusAnswer } from '@plataforma/shared';
import { NO_PERMISSIONS, type FeaturePermissions } from '../types';

/**
 * `GET /api/permissions/status` (bearer when signed in): the feature switches of the caller's role
 * (spec §3, §7). The answer depends on who asks, so it is dropped on sign-in and sign-out.
 */
export async function getPermissions({ signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<PermissionsStatusAnswer>('/api/permissions/status', { signal });
  return { ...NO_PERMISSIONS, ...answer.permissions };
}

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['permissions'],
    queryFn: ({ signal }) => getPermissions({ signal }),
    meta: { logErrorAs: 'No se pudieron cargar los permisos.' },
  });

/** The switches, or {@link NO_PERMISSIONS} while they load or if they failed. */
export function usePermissions(): { permissions: FeaturePermissions; isPending: boolean } {
  const { data, isPending } = useQuery(permissionsQueryOptions());
  return { permissions: data ?? NO_PERMISSIONS, isPending };
}
