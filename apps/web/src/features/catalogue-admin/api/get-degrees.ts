import type { CallAttributes, CampusAttributes, DegreeAttributes } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DegreeItem, Page } from '../types';
import { CATALOGUE_ROOT } from './catalogue-keys';
import {
  CATALOGUE_PAGE_SIZE,
  getAllNames,
  paginationOf,
  type StrapiList,
  type ToMany,
} from './strapi-page';

type Named = Pick<CampusAttributes, 'name'>;

type DegreeRecord = DegreeAttributes & {
  campuses: ToMany<Named>;
  calls: ToMany<CallAttributes & { degrees: ToMany<Named> }>;
};

const named = (relation: ToMany<Named>) =>
  relation.data.map((entry) => ({ id: entry.id, name: entry.attributes.name }));

/**
 * `GET /api/degrees?…` (generic route, public): a page of a campus's degrees by name, those
 * whose name holds `search`, each with the campuses that offer it and its calls (the latest
 * period first) with their degrees.
 */
export async function getDegrees(
  { campusId, search, page }: { campusId: number; search: string; page: number },
  signal?: AbortSignal,
): Promise<Page<DegreeItem>> {
  const query = new URLSearchParams({
    'filters[campuses][id][$eq]': String(campusId),
    'populate[campuses][fields][0]': 'name',
    'populate[campuses][sort][0]': 'name:asc',
    'populate[calls][sort][0]': 'academic_period_start:desc',
    'populate[calls][sort][1]': 'name:asc',
    'populate[calls][populate][degrees][fields][0]': 'name',
    'populate[calls][populate][degrees][sort][0]': 'name:asc',
    'sort[0]': 'name:asc',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(CATALOGUE_PAGE_SIZE),
  });
  if (search.trim()) query.set('filters[name][$containsi]', search.trim());
  const list = await apiRequest<StrapiList<DegreeRecord>>(`/api/degrees?${query.toString()}`, {
    signal,
  });
  return {
    items: list.data.map(({ id, attributes }) => ({
      id,
      name: attributes.name,
      duration: attributes.duration,
      master: attributes.master,
      campuses: named(attributes.campuses),
      calls: attributes.calls.data.map((call) => ({
        id: call.id,
        name: call.attributes.name,
        start: call.attributes.academic_period_start,
        end: call.attributes.academic_period_end,
        description: call.attributes.description,
        degrees: named(call.attributes.degrees),
      })),
    })),
    pagination: paginationOf(list),
  };
}

export const degreesQueryOptions = (campusId: number, search: string, page: number) =>
  queryOptions({
    queryKey: [CATALOGUE_ROOT, 'degrees', campusId, search, page],
    queryFn: ({ signal }) => getDegrees({ campusId, search, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useDegrees = (campusId: number, search: string, page: number) =>
  useQuery(degreesQueryOptions(campusId, search, page));

/** Every degree a campus offers, by name: the choices of the call form. */
export const useDegreeChoices = (campusId: number) =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'choices', 'degrees', campusId],
    queryFn: ({ signal }) =>
      getAllNames('/api/degrees', { 'filters[campuses][id][$eq]': String(campusId) }, signal),
  });
