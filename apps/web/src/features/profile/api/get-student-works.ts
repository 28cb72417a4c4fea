import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StudentWork } from '../types';

interface TfxEntry {
  id: number;
  attributes: {
    title: string;
    summary: string | null;
    release_month: string | null;
    awarded: boolean | null;
    createdAt: string;
  };
}

/** `GET /api/tfxes?filters[student][id][$eq]=<id>` (spec §3 TFX): the student's own final works. */
export async function getStudentWorks(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentWork[]> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    'fields[0]': 'title',
    'fields[1]': 'summary',
    'fields[2]': 'release_month',
    'fields[3]': 'awarded',
    'fields[4]': 'createdAt',
    'sort[0]': 'createdAt:desc',
    'pagination[pageSize]': '100',
  });
  const answer = await apiRequest<{ data: TfxEntry[] }>(`/api/tfxes?${params}`, { signal });
  return answer.data.map(({ id, attributes: a }) => ({
    id,
    title: a.title,
    summary: a.summary,
    releaseMonth: a.release_month,
    awarded: a.awarded === true,
    createdAt: a.createdAt,
  }));
}

export const studentWorksQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: ['tfxes', 'student', studentId],
    queryFn: ({ signal }) => getStudentWorks(studentId, { signal }),
  });

export function useStudentWorks(studentId: number) {
  return useQuery(studentWorksQueryOptions(studentId));
}
