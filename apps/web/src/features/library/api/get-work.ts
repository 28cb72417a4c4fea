import { queryOptions, useQuery } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import type { TfxEntry, TfxRecord } from '../../../entities/tfx/types';
import { toTfxRecord } from '../../../entities/tfx/utils/to-tfx-record';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/tfxes/:id?populate[file]=*&publicationState=preview`: a work and its PDF. `preview`
 * lets its author and admins open it while it is pending or rejected; everyone else gets the
 * published works only (the access table), and a 404 for the rest.
 */
export async function getWork(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TfxRecord> {
  const params = new URLSearchParams({ 'populate[file]': '*', publicationState: 'preview' });
  const answer = await apiRequest<{ data: TfxEntry }>(`/api/tfxes/${id}?${params}`, { signal });
  return toTfxRecord(answer.data);
}

export const workQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.tfxes, id],
    queryFn: ({ signal }) => getWork(id, { signal }),
  });

export function useWork(id: number) {
  return useQuery(workQueryOptions(id));
}
