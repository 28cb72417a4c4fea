import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { ProjectSearchAnswer } from '@plataforma/shared';
import type { FacetCount, SearchResult } from '../types';
import { toProjectCard } from '../utils/to-card';

/**
 * `GET /api/projects/search?<query>` (ADR 0027): a page of projects, the pagination and
 * the facet counts. Facet values come back as strings whatever their type (ODS numbers, yes/no).
 */
export async function searchProjects(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchResult> {
  const answer = await apiRequest<ProjectSearchAnswer>(`/api/projects/search?${query}`, { signal });
  const facets: Record<string, FacetCount[]> = {};
  for (const [name, counts] of Object.entries(answer.meta.facets ?? {})) {
    facets[name] = counts.map(({ value, count }) => ({ value: String(value), count }));
  }
  return {
    projects: answer.data.map(({ id, attributes, snippet }) => ({
      ...toProjectCard(id, attributes),
      snippet: snippet ?? null,
    })),
    pagination: answer.meta.pagination ?? {
      page: 1,
      pageSize: answer.data.length,
      pageCount: 1,
      total: answer.data.length,
    },
    facets,
  };
}

export const searchProjectsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.projects, 'search', query],
    queryFn: ({ signal }) => searchProjects(query, { signal }),
    // The previous page stays on screen while the next one loads (no jump to "Cargando...").
    placeholderData: keepPreviousData,
  });

export function useSearchProjects(query: string) {
  return useQuery(searchProjectsQueryOptions(query));
}
