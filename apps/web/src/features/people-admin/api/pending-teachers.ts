import type { Pagination } from '@plataforma/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ApiRecord } from '../utils/kinds';

/** A teacher waiting for an admin's decision (ADR 0051), as the "Pendientes" tab shows them. */
export interface PendingTeacher {
  id: number;
  /** Their account's name and surname; the email when they gave none. */
  name: string;
  email: string | null;
  /** The catalogue's university, or the one they wrote ("Otra"). */
  university: string | null;
  /** When they registered (ISO). */
  registeredAt: string;
}

export interface PendingTeachersPage {
  teachers: PendingTeacher[];
  pagination: Pagination;
}

export const PENDING_PAGE_SIZE = 25;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function toPendingTeacher({ id, attributes: a }: ApiRecord<'teachers'>): PendingTeacher {
  const user = a.user?.data?.attributes;
  const email = text(user?.email);
  const name = [text(user?.name), text(user?.surname)].filter(Boolean).join(' ');
  return {
    id,
    name: name || email || `Profesor #${id}`,
    email,
    university: text(a.university?.data?.attributes.name) ?? text(a.other_university),
    registeredAt: typeof a.createdAt === 'string' ? a.createdAt : '',
  };
}

/**
 * `GET /api/teachers?filters[verification][$eq]=pending&publicationState=preview&…` (the generic
 * route; admins only may filter by the state): the pending teachers, those who registered first
 * first, with what the admin needs to decide.
 */
export async function getPendingTeachers(
  page: number,
  signal?: AbortSignal,
): Promise<PendingTeachersPage> {
  const query = new URLSearchParams({
    'filters[verification][$eq]': 'pending',
    publicationState: 'preview',
    'fields[0]': 'createdAt',
    'fields[1]': 'other_university',
    'populate[user][fields][0]': 'name',
    'populate[user][fields][1]': 'surname',
    'populate[user][fields][2]': 'email',
    'populate[university][fields][0]': 'name',
    'sort[0]': 'createdAt:asc',
    'sort[1]': 'id:asc',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(PENDING_PAGE_SIZE),
  });
  const list = await apiRequest<{
    data: ApiRecord<'teachers'>[];
    meta?: { pagination?: Pagination };
  }>(`/api/teachers?${query.toString()}`, { signal });
  return {
    teachers: list.data.map(toPendingTeacher),
    pagination: list.meta?.pagination ?? {
      page: 1,
      pageSize: list.data.length,
      pageCount: list.data.length === 0 ? 0 : 1,
      total: list.data.length,
    },
  };
}

/** Under the teachers' root, so a decision (or any write to teachers) refreshes the lists. */
export const pendingTeachersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['teachers', 'pending', page],
    queryFn: ({ signal }) => getPendingTeachers(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePendingTeachers = (page: number) => useQuery(pendingTeachersQueryOptions(page));

export type TeacherDecision = 'verify' | 'reject';

/**
 * `POST /api/teachers/:id/verify` or `/reject` (admins, ADR 0051); afterwards every teachers
 * answer is fetched again (the pending list, the people list's published state).
 */
export function useDecideTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: TeacherDecision }) =>
      apiRequest<{ data: ApiRecord<'teachers'> }>(`/api/teachers/${id}/${decision}`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teachers'] }),
  });
}
