import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Banner, BannersResponse } from '../types';
import { toBanner } from '../utils/to-banner';

/** Every banner query starts with this key; saving a banner invalidates them all. */
export const BANNERS_KEY = ['banners'] as const;

/**
 * The published banners that have not ended by the start of today (UTC), by start date. Whether
 * one shows is decided at render time against the clock (utils/banner-visibility.ts); the day
 * granularity keeps the URL, and so the server's answer cache, the same all day.
 */
export async function getCurrentBanners({
  signal,
  now = Date.now(),
}: { signal?: AbortSignal; now?: number } = {}): Promise<Banner[]> {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const query = new URLSearchParams({
    'filters[endsAt][$gte]': today.toISOString(),
    populate: 'placements',
    sort: 'startsAt:asc,id:asc',
    'pagination[pageSize]': '100',
  });
  const answer = await apiRequest<BannersResponse>(`/api/banners?${query.toString()}`, {
    signal,
    // The same for everyone: sent without a token, so an admin sees what visitors see.
    auth: false,
  });
  return answer.data.flatMap((entry) => toBanner(entry.id, entry.attributes) ?? []);
}

export const currentBannersQueryOptions = () =>
  queryOptions({
    queryKey: [...BANNERS_KEY, 'current'],
    queryFn: ({ signal }) => getCurrentBanners({ signal }),
    // A failed banner fetch costs nothing but the campaign: logged, no banner (like the footer).
    meta: { logErrorAs: 'No se pudieron cargar los avisos.', isPublic: true },
    retryOnMount: false,
  });

export const useCurrentBanners = () => useQuery(currentBannersQueryOptions());
