import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Banner, BannersResponse } from '../types';
import { toBanner } from '../utils/to-banner';
import { BANNERS_KEY } from './get-current-banners';

/**
 * Every banner, drafts and finished campaigns included, newest end first (admin screen). The
 * server answers drafts to admins only (`publicationState=preview`).
 */
export async function getAllBanners({ signal }: { signal?: AbortSignal } = {}): Promise<Banner[]> {
  const query = new URLSearchParams({
    publicationState: 'preview',
    populate: 'placements',
    sort: 'endsAt:desc,id:desc',
    'pagination[pageSize]': '100',
  });
  const answer = await apiRequest<BannersResponse>(`/api/banners?${query.toString()}`, { signal });
  return answer.data.flatMap((entry) => toBanner(entry.id, entry.attributes) ?? []);
}

export const allBannersQueryOptions = () =>
  queryOptions({
    queryKey: [...BANNERS_KEY, 'all'],
    queryFn: ({ signal }) => getAllBanners({ signal }),
  });

export const useAllBanners = () => useQuery(allBannersQueryOptions());
