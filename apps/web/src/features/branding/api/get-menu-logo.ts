import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandingsResponse, MenuLogo } from '../types';
import { toMenuLogo } from '../utils/to-branding';

/** `GET /api/brandings?populate=menuLogo`: the logo of the menu, also the favicon (spec §1, §7). */
export async function getMenuLogo({
  signal,
}: { signal?: AbortSignal } = {}): Promise<MenuLogo | null> {
  const response = await apiRequest<BrandingsResponse>('/api/brandings?populate=menuLogo', {
    signal,
  });
  return toMenuLogo(response);
}

export const menuLogoQueryOptions = () =>
  queryOptions({
    queryKey: ['branding', 'menu-logo'],
    queryFn: ({ signal }) => getMenuLogo({ signal }),
    meta: { logErrorAs: 'No se pudo cargar el logo del menú.', isPublic: true },
    retryOnMount: false,
  });

/** The menu logo, or null while loading, when none is configured or when it failed to load. */
export function useMenuLogo(): MenuLogo | null {
  return useQuery(menuLogoQueryOptions()).data ?? null;
}
