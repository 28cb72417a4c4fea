import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_QUERY_ROOT } from './to-card';

interface FavouritesAnswer {
  data: { id: number; attributes: { favorites?: { data: { id: number }[] } } };
}

/**
 * `GET /api/students/:id?populate[favorites][fields][0]=title`: the ids of the projects the
 * student saved (spec §3 Student.favorites). The detail page reads it; cards get `saved` from
 * the search itself.
 */
export async function getFavoriteIds(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number[]> {
  const params = new URLSearchParams({
    'fields[0]': 'primaryKey',
    'populate[favorites][fields][0]': 'title',
  });
  const answer = await apiRequest<FavouritesAnswer>(`/api/students/${studentId}?${params}`, {
    signal,
  });
  return (answer.data.attributes.favorites?.data ?? []).map(({ id }) => id);
}

export const favoriteIdsQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [CATALOGUE_QUERY_ROOT, 'favorites', studentId],
    queryFn: ({ signal }) => getFavoriteIds(studentId, { signal }),
  });

export function useFavoriteIds(studentId: number | null) {
  return useQuery({ ...favoriteIdsQueryOptions(studentId ?? 0), enabled: studentId !== null });
}
