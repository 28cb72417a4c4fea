import type { TfxSearchAnswer } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/tfxes/search?<query>` (ADR 0036): a page of works with the snippets of where the
 * words were found, the pagination, the facet counts and whether similar spellings were searched
 * (`meta.fallback`). Students' answers say which works they saved, so it is not public.
 */
export function searchWorks(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TfxSearchAnswer> {
  return apiRequest<TfxSearchAnswer>(`/api/tfxes/search?${query}`, { signal });
}

export const searchWorksQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.tfxes, 'search', query],
    queryFn: ({ signal }) => searchWorks(query, { signal }),
    // The previous page stays on screen while the next one loads (no jump to "Cargando...").
    placeholderData: keepPreviousData,
  });

export function useSearchWorks(query: string) {
  return useQuery(searchWorksQueryOptions(query));
}
