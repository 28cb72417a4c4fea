import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Branding, BrandingSaasResponse } from '../types';
import { rememberBranding } from '../utils/branding-memory';
import { toBranding } from '../utils/to-branding';

/** `GET /api/branding-saas?populate=*`: this university's branding (spec §7). */
export async function getBranding({ signal }: { signal?: AbortSignal } = {}): Promise<Branding> {
  const response = await apiRequest<BrandingSaasResponse>('/api/branding-saas?populate=*', {
    signal,
  });
  const attributes = response?.data?.attributes ?? null;
  rememberBranding(attributes);
  return toBranding(attributes);
}

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: ['branding'],
    queryFn: ({ signal }) => getBranding({ signal }),
    meta: {
      logErrorAs: 'No se pudo cargar el branding; se usan los valores por defecto.',
      isPublic: true,
    },
    // A failed branding stays failed for this page view (the app runs on defaults); without this
    // every component mounting later would fetch it again.
    retryOnMount: false,
  });

/**
 * The branding query, pending until the answer comes (the settings form waits for it); callers
 * that only need the values use `useBranding()`, which never waits.
 */
export const useBrandingQuery = () => useQuery(brandingQueryOptions());
