import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DeleteTarget, UsageOf } from '../types';
import { CATALOGUE_PLURALS, CATALOGUE_ROOT } from './catalogue-keys';

/**
 * `GET /api/{campuses|degrees|calls}/:id/usage` (admins; ADR 0047): what deleting the entry
 * touches, counted as the delete would do it.
 */
export async function getUsage<K extends DeleteTarget['kind']>(
  kind: K,
  id: number,
  signal?: AbortSignal,
): Promise<UsageOf<K>> {
  const answer = await apiRequest<{ data: UsageOf<K> }>(
    `/api/${CATALOGUE_PLURALS[kind]}/${id}/usage`,
    {
      signal,
    },
  );
  return answer.data;
}

/**
 * The counts of the delete being confirmed: read each time the dialog opens (never from the
 * cache), since they must say what is there now.
 */
export const useUsage = (target: DeleteTarget | null) =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'usage', target?.kind, target?.entry.id],
    queryFn: ({ signal }) => getUsage(target!.kind, target!.entry.id, signal),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
  });
