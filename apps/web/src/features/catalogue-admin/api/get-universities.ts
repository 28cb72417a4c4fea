import type { UniversityAttributes } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NamedEntry, Page, UniversityItem } from '../types';
import { CATALOGUE_ROOT } from './catalogue-keys';
import {
  CATALOGUE_PAGE_SIZE,
  getAllNames,
  paginationOf,
  type Counted,
  type StrapiList,
} from './strapi-page';

type UniversityRecord = StrapiList<UniversityAttributes & { centers: Counted }>;

/**
 * `GET /api/universities?…` (generic route, public): a page of universities by name, those
 * whose name holds `search` (any case), each with how many campuses it has.
 */
export async function getUniversities(
  { search, page }: { search: string; page: number },
  signal?: AbortSignal,
): Promise<Page<UniversityItem>> {
  const query = new URLSearchParams({
    'fields[0]': 'name',
    'populate[centers][count]': 'true',
    'sort[0]': 'name:asc',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(CATALOGUE_PAGE_SIZE),
  });
  if (search.trim()) query.set('filters[name][$containsi]', search.trim());
  const list = await apiRequest<UniversityRecord>(`/api/universities?${query.toString()}`, {
    signal,
  });
  return {
    items: list.data.map(({ id, attributes }) => ({
      id,
      name: attributes.name,
      campusCount: attributes.centers.data.attributes.count,
    })),
    pagination: paginationOf(list),
  };
}

export const universitiesQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [CATALOGUE_ROOT, 'universities', search, page],
    queryFn: ({ signal }) => getUniversities({ search, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useUniversities = (search: string, page: number) =>
  useQuery(universitiesQueryOptions(search, page));

/** `GET /api/universities/:id`: one university's name (the breadcrumb, the list's heading). */
export async function getUniversity(id: number, signal?: AbortSignal): Promise<NamedEntry> {
  const answer = await apiRequest<{ data: { id: number; attributes: { name: string } } }>(
    `/api/universities/${id}?fields[0]=name`,
    { signal },
  );
  return { id: answer.data.id, name: answer.data.attributes.name };
}

export const useUniversity = (id: number) =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'university', id],
    queryFn: ({ signal }) => getUniversity(id, signal),
  });

/** Every university by name: the choices of the campus form. */
export const useUniversityChoices = () =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'choices', 'universities'],
    queryFn: ({ signal }) => getAllNames('/api/universities', {}, signal),
  });
