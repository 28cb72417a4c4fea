import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { ResourceRecord } from '../types';
import { toResource } from '../utils/to-resource';

/**
 * `GET /api/resources/:id?populate[picture]=*` (generic Strapi route). Admins read drafts too
 * (`publicationState=preview`, to edit them); for everyone else a draft is a 404.
 */
export async function getResource(
  id: number,
  { includeDrafts = false, signal }: { includeDrafts?: boolean; signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({ 'populate[picture]': '*' });
  if (includeDrafts) params.set('publicationState', 'preview');
  const answer = await apiRequest<{ data: ResourceRecord }>(`/api/resources/${id}?${params}`, {
    signal,
  });
  return toResource(answer.data);
}

export const resourceQueryOptions = (id: number, { includeDrafts = false } = {}) =>
  queryOptions({
    queryKey: includeDrafts
      ? [RESOURCE_ROOTS.resources, id, 'preview']
      : [RESOURCE_ROOTS.resources, id],
    queryFn: ({ signal }) => getResource(id, { includeDrafts, signal }),
    meta: { isPublic: !includeDrafts },
  });

export function useResource(id: number, options: { includeDrafts?: boolean } = {}) {
  return useQuery(resourceQueryOptions(id, options));
}
