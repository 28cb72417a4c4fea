import { queryOptions, useQuery } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import type { TfxListEntry } from '../../../entities/tfx/types';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/tfxes/:id/related`: works like this one, as the library's cards show them. */
export async function getRelatedWorks(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TfxListEntry[]> {
  const answer = await apiRequest<{ data: TfxListEntry[] }>(`/api/tfxes/${id}/related`, {
    signal,
  });
  return answer.data;
}

export const relatedWorksQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.tfxes, id, 'related'],
    queryFn: ({ signal }) => getRelatedWorks(id, { signal }),
  });

export function useRelatedWorks(id: number) {
  return useQuery(relatedWorksQueryOptions(id));
}
