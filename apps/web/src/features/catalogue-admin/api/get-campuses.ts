import type { CampusAttributes, UniversityAttributes } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CampusItem, Page } from '../types';
import { CATALOGUE_ROOT } from './catalogue-keys';
import {
  CATALOGUE_PAGE_SIZE,
  getAllNames,
  paginationOf,
  type Counted,
  type StrapiList,
  type ToOne,
} from './strapi-page';

interface CampusRecord {
  id: number;
  attributes: CampusAttributes & {
    university: ToOne<Pick<UniversityAttributes, 'name'>>;
    degrees: Counted;
  };
}

const fromRecord = ({ id, attributes }: CampusRecord): CampusItem => ({
  id,
  name: attributes.name,
  university: attributes.university.data
    ? { id: attributes.university.data.id, name: attributes.university.data.attributes.name }
    : null,
  degreeCount: attributes.degrees.data.attributes.count,
});

const CAMPUS_POPULATE = {
  'populate[university][fields][0]': 'name',
  'populate[degrees][count]': 'true',
};

/**
 * `GET /api/campuses?…` (generic route, public): a page of a university's campuses by name,
 * those whose name holds `search`, each with how many degrees it offers.
 */
export async function getCampuses(
  { universityId, search, page }: { universityId: number; search: string; page: number },
  signal?: AbortSignal,
): Promise<Page<CampusItem>> {
  const query = new URLSearchParams({
    'filters[university][id][$eq]': String(universityId),
    ...CAMPUS_POPULATE,
    'sort[0]': 'name:asc',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(CATALOGUE_PAGE_SIZE),
  });
  if (search.trim()) query.set('filters[name][$containsi]', search.trim());
  const list = await apiRequest<StrapiList<CampusRecord['attributes']>>(
    `/api/campuses?${query.toString()}`,
    { signal },
  );
  return { items: list.data.map(fromRecord), pagination: paginationOf(list) };
}

export const campusesQueryOptions = (universityId: number, search: string, page: number) =>
  queryOptions({
    queryKey: [CATALOGUE_ROOT, 'campuses', universityId, search, page],
    queryFn: ({ signal }) => getCampuses({ universityId, search, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useCampuses = (universityId: number, search: string, page: number) =>
  useQuery(campusesQueryOptions(universityId, search, page));

/** `GET /api/campuses/:id` with its university and how many degrees it offers. */
export async function getCampus(id: number, signal?: AbortSignal): Promise<CampusItem> {
  const answer = await apiRequest<{ data: CampusRecord }>(
    `/api/campuses/${id}?${new URLSearchParams(CAMPUS_POPULATE).toString()}`,
    { signal },
  );
  return fromRecord(answer.data);
}

export const useCampus = (id: number) =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'campus', id],
    queryFn: ({ signal }) => getCampus(id, signal),
  });

/** Every campus of a university by name: the choices of the degree form. */
export const useCampusChoices = (universityId: number | null) =>
  useQuery({
    queryKey: [CATALOGUE_ROOT, 'choices', 'campuses', universityId],
    queryFn: ({ signal }) =>
      getAllNames(
        '/api/campuses',
        { 'filters[university][id][$eq]': String(universityId) },
        signal,
      ),
    enabled: universityId !== null,
  });
