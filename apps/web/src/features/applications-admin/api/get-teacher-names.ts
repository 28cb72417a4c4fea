import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPTION_PAGE_SIZE, type NamesAnswer } from '@plataforma/shared';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { TeacherOption } from '../types';

/**
 * `GET /api/teachers/names?filters[name][$containsi]=<search>` (spec §7 Teachers): published
 * teachers by full name, accents and case ignored, in alphabetical order.
 */
export async function getTeacherNames(
  search: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ teachers: TeacherOption[]; total: number }> {
  const params = new URLSearchParams({
    'pagination[page]': '1',
    'pagination[pageSize]': String(OPTION_PAGE_SIZE),
  });
  if (search.trim()) params.set('filters[name][$containsi]', search.trim());
  const answer = await apiRequest<NamesAnswer>(`/api/teachers/names?${params}`, { signal });
  return {
    teachers: answer.data.map(({ id, attributes }) => ({ id, name: attributes.name })),
    total: answer.meta.pagination.total,
  };
}

export const teacherNamesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.teachers, 'names', search.trim()],
    queryFn: ({ signal }) => getTeacherNames(search, { signal }),
  });

export function useTeacherNames(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...teacherNamesQueryOptions(search), enabled });
}
