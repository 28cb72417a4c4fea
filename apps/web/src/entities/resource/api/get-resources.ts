import type { Pagination } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { ResourceListQuery, ResourcePage, ResourceRecord, ResourceSort } from '../types';
import { toResource } from '../utils/to-resource';

/** What a list shows of each resource: everything but the content (it can be long). */
const LIST_FIELDS = [
  'title',
  'introduction',
  'tags',
  'purposes',
  'tfx_status',
  'is_popular',
  'popularity_visits',
  'link',
  'publishedAt',
  'createdAt',
  'updatedAt',
] as const;

/** The orders, each with a second key so pages do not swap entries that tie. */
const SORTS: Record<ResourceSort, [string, string]> = {
  recent: ['publishedAt:desc', 'id:desc'],
  popular: ['popularity_visits:desc', 'publishedAt:desc'],
  updated: ['updatedAt:desc', 'id:desc'],
};

/**
 * The query string of `GET /api/resources` (generic Strapi route): the picture, list columns
 * filtered by membership (`$contains` holds the value), the order and the page.
 */
export function resourceListParams(query: ResourceListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.includeDrafts) params.set('publicationState', 'preview');
  LIST_FIELDS.forEach((field, index) => params.set(`fields[${index}]`, field));
  params.set('populate[picture]', '*');
  if (query.tag) params.set('filters[tags][$contains]', query.tag);
  if (query.purpose) params.set('filters[purposes][$contains]', query.purpose);
  if (query.stage) params.set('filters[tfx_status][$contains]', query.stage);
  SORTS[query.sort].forEach((sort, index) => params.set(`sort[${index}]`, sort));
  params.set('pagination[page]', String(query.page));
  params.set('pagination[pageSize]', String(query.pageSize));
  return params;
}

/** `GET /api/resources?…`: a page of resources. */
export async function getResources(
  query: ResourceListQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResourcePage> {
  const answer = await apiRequest<{ data: ResourceRecord[]; meta?: { pagination?: Pagination } }>(
    `/api/resources?${resourceListParams(query).toString()}`,
    { signal },
  );
  return {
    resources: answer.data.map(toResource),
    pagination: answer.meta?.pagination ?? {
      page: 1,
      pageSize: answer.data.length,
      pageCount: 1,
      total: answer.data.length,
    },
  };
}

export const resourcesQueryOptions = (query: ResourceListQuery) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.resources, 'list', resourceListParams(query).toString()],
    queryFn: ({ signal }) => getResources(query, { signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Published resources are the same for everyone; an admin's list with drafts is not.
    meta: { isPublic: !query.includeDrafts },
  });

export function useResources(query: ResourceListQuery) {
  return useQuery(resourcesQueryOptions(query));
}
