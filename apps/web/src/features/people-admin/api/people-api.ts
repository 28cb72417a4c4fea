import type { Pagination } from '@plataforma/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/use-submission';
import type { PeopleFilters, PeopleKind, PeoplePage, PersonRow, PersonWrite } from '../types';
import { KINDS, type ApiRecord, type KindConfig } from '../utils/kinds';
import { PEOPLE_PAGE_SIZE, toStrapiQuery } from '../utils/people-params';

interface StrapiList<T = ApiRecord> {
  data: T[];
  meta?: { pagination?: Pagination };
}

const paginationOf = (list: StrapiList<unknown>): Pagination =>
  list.meta?.pagination ?? {
    page: 1,
    pageSize: list.data.length,
    pageCount: list.data.length === 0 ? 0 : 1,
    total: list.data.length,
  };

/**
 * `GET /api/<kind>?…` (generic route; admins read every record, ADR 0012): a page of a list
 * under the URL's filters and order.
 */
export async function getPeople(
  config: KindConfig,
  filters: PeopleFilters,
  page: number,
  signal?: AbortSignal,
): Promise<PeoplePage> {
  const query = toStrapiQuery(config, filters);
  query.set('pagination[page]', String(page));
  query.set('pagination[pageSize]', String(PEOPLE_PAGE_SIZE));
  const list = await apiRequest<StrapiList>(`${config.path}?${query.toString()}`, { signal });
  return { rows: list.data.map(config.toRow), pagination: paginationOf(list) };
}

/** Keyed under the kind's resource root, so any write to it refreshes the list. */
export const peopleQueryOptions = (kind: PeopleKind, filters: PeopleFilters, page: number) =>
  queryOptions({
    queryKey: [kind, 'admin-list', filters, page],
    queryFn: ({ signal }) => getPeople(KINDS[kind], filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePeople = (kind: PeopleKind, filters: PeopleFilters, page: number) =>
  useQuery(peopleQueryOptions(kind, filters, page));

/** The API's largest page: an export reads the list in as few requests as it can. */
const EXPORT_PAGE_SIZE = 100;

/**
 * Every row of a list under its filters, for the CSV (ADR 0050). Students come in one streamed
 * answer from `GET /api/students/all`, which takes the same filters and fields but no order nor
 * pages (docs/api.md): 100,000 of them in seconds. The other kinds are read page by page in the
 * list's order; `onProgress` tells how far it got.
 */
export async function getAllPeople(
  config: KindConfig,
  filters: PeopleFilters,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (read: number, total: number) => void } = {},
): Promise<PersonRow[]> {
  if (config.kind === 'students') {
    const query = toStrapiQuery(config, filters, { withSort: false });
    const list = await apiRequest<StrapiList>(`/api/students/all?${query.toString()}`, { signal });
    return list.data.map(config.toRow);
  }
  const rows: PersonRow[] = [];
  for (let page = 1; ; page += 1) {
    const query = toStrapiQuery(config, filters);
    query.set('pagination[page]', String(page));
    query.set('pagination[pageSize]', String(EXPORT_PAGE_SIZE));
    const list = await apiRequest<StrapiList>(`${config.path}?${query.toString()}`, { signal });
    rows.push(...list.data.map(config.toRow));
    const { pageCount, total } = paginationOf(list);
    onProgress?.(rows.length, total);
    if (page >= pageCount || list.data.length === 0) return rows;
  }
}

/** `PUT /api/<kind>/:id {data}`: an edit, or publishing (`publishedAt`), ADR 0050. */
export function savePerson<K extends PeopleKind>(kind: K, id: number, data: PersonWrite<K>) {
  return apiRequest<{ data: ApiRecord<K> }>(`${KINDS[kind].path}/${id}`, {
    method: 'PUT',
    body: { data },
  });
}

export function useSavePerson<K extends PeopleKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: PersonWrite<K> }) => savePerson(kind, id, data),
    // A coordinator's organisation shows in the organisations' count and the other way round.
    onSuccess: () =>
      Promise.all(
        (kind === 'organizations' || kind === 'coordinators'
          ? ['organizations', 'coordinators']
          : [kind]
        ).map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      ),
  });
}

/** Every entry of a catalogue list as `{id, name}` by name (the filters' and forms' choices). */
async function getAllNames(
  path: string,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ id: number; name: string }[]> {
  const names: { id: number; name: string }[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const query = new URLSearchParams({
      ...params,
      'fields[0]': 'name',
      'sort[0]': 'name:asc',
      'pagination[page]': String(page),
      'pagination[pageSize]': String(EXPORT_PAGE_SIZE),
    });
    const list = await apiRequest<StrapiList<{ id: number; attributes: { name: string } }>>(
      `${path}?${query.toString()}`,
      { signal },
    );
    names.push(...list.data.map((entry) => ({ id: entry.id, name: entry.attributes.name })));
    if (paginationOf(list).pageCount <= page) break;
  }
  return names;
}

export const useUniversityChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['catalogue', 'choices', 'universities'],
    queryFn: ({ signal }) => getAllNames('/api/universities', {}, signal),
    enabled,
  });

/** The degrees of a university (through its campuses), or every degree. */
export const useDegreeChoices = (enabled: boolean, universityId: number | null | undefined) =>
  useQuery({
    queryKey: ['catalogue', 'choices', 'degrees-of-university', universityId ?? null],
    queryFn: ({ signal }) =>
      getAllNames(
        '/api/degrees',
        universityId ? { 'filters[campuses][university][id][$eq]': String(universityId) } : {},
        signal,
      ),
    enabled,
  });

export const useOrganizationChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'choices'],
    queryFn: ({ signal }) => getAllNames('/api/organizations', {}, signal),
    enabled,
  });

/**
 * `POST /api/communication/invite{Teacher,Student} {email}` (spec §7): the invitation sent again,
 * to register or, when the address has an account, to sign in. The API allows ten an hour per
 * address (429 with its Spanish message). One key per press: a 503 or a lost connection is tried
 * again without sending the email twice (ADR 0070).
 */
export function useResendInvitation(kind: 'students' | 'teachers') {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ ok: true }>(
        `/api/communication/${kind === 'teachers' ? 'inviteTeacher' : 'inviteStudent'}`,
        { method: 'POST', body: { email }, idempotencyKey: newIdempotencyKey() },
      ),
  });
}
