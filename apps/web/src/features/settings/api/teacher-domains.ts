import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

interface TeacherSettingResponse {
  data: { id: number; attributes: { domains?: string[] | null } } | null;
}

/**
 * `GET /api/teacher-setting` (admins; ADR 0051): the email domains whose teachers are verified
 * when they register. An installation without the row yet has none listed.
 */
export async function getTeacherDomains({ signal }: { signal?: AbortSignal } = {}): Promise<
  string[]
> {
  try {
    const answer = await apiRequest<TeacherSettingResponse>('/api/teacher-setting', { signal });
    return answer.data?.attributes.domains ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const teacherDomainsQueryOptions = () =>
  queryOptions({
    queryKey: ['teacher-setting'],
    queryFn: ({ signal }) => getTeacherDomains({ signal }),
  });

export const useTeacherDomains = () => useQuery(teacherDomainsQueryOptions());

/**
 * `PUT /api/teacher-setting {data: {domains}}`: the whole list, which the API stores lower case
 * and once each; its answer becomes the cached list.
 */
export function useSaveTeacherDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]) =>
      apiRequest<TeacherSettingResponse>('/api/teacher-setting', {
        method: 'PUT',
        body: { data: { domains } },
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(['teacher-setting'], answer.data?.attributes.domains ?? []),
  });
}
