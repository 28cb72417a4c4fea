import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FeaturePermissionRow, PermissionSwitches } from '../types';

interface FeaturePermissionsResponse {
  data: {
    id: number;
    attributes: Omit<FeaturePermissionRow, 'id'> & Partial<PermissionSwitches>;
  }[];
}

/**
 * `GET /api/feature-permissions`: every role × feature row (5 roles × 7 features fit one page of
 * the largest size the API allows).
 */
export async function getFeaturePermissions({ signal }: { signal?: AbortSignal } = {}): Promise<
  FeaturePermissionRow[]
> {
  const answer = await apiRequest<FeaturePermissionsResponse>(
    '/api/feature-permissions?sort=id:asc&pagination[pageSize]=100',
    { signal },
  );
  return answer.data.map(({ id, attributes: a }) => ({
    id,
    role: a.role,
    feature: a.feature,
    enabled: a.enabled ?? false,
    create: a.create ?? false,
    update: a.update ?? false,
  }));
}

export const featurePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['feature-permissions'],
    queryFn: ({ signal }) => getFeaturePermissions({ signal }),
  });

export const useFeaturePermissions = () => useQuery(featurePermissionsQueryOptions());
