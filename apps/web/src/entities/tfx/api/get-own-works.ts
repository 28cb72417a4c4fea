import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { TfxEntry, TfxRecord } from '../types';
import { toTfxRecord } from '../utils/to-tfx-record';

/**
 * `GET /api/tfxes?filters[student][id][$eq]=<id>&populate[file]=*&publicationState=preview`: the
 * student's own final works whatever their review state (ADR 0036): a pending or rejected work
 * is unpublished, so only `preview` lists it, and only to its author and admins (the access
 * table). One at most (the server allows one work per student), newest first all the same.
 */
export async function getOwnWorks(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TfxRecord[]> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    'populate[file]': '*',
    publicationState: 'preview',
    'sort[0]': 'createdAt:desc',
  });
  const answer = await apiRequest<{ data: TfxEntry[] }>(`/api/tfxes?${params}`, { signal });
  return answer.data.map(toTfxRecord);
}

export const ownWorksQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.tfxes, 'student', studentId],
    queryFn: ({ signal }) => getOwnWorks(studentId, { signal }),
  });

/** The student's own works (none to read for a non-student). */
export function useOwnWorks(studentId: number | null) {
  return useQuery({ ...ownWorksQueryOptions(studentId ?? 0), enabled: studentId !== null });
}
