import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { QuestionnaireLatestAnswer } from '@plataforma/shared';
import type { QuestionnaireResult } from '../types';

/** Every query of this feature starts with this key. */
export const QUESTIONNAIRE_QUERY_ROOT = 'questionnaire';

export const myResultQueryKey = [QUESTIONNAIRE_QUERY_ROOT, 'me'] as const;

/**
 * `GET /api/questionnaire/me` (students): the caller's latest result, or `null` while they have
 * not answered (`{data: null}`, a normal answer: no failed request on a first visit).
 */
export async function getMyResult({
  signal,
}: { signal?: AbortSignal } = {}): Promise<QuestionnaireResult | null> {
  const answer = await apiRequest<QuestionnaireLatestAnswer>('/api/questionnaire/me', { signal });
  return answer.data?.attributes ?? null;
}

export const myResultQueryOptions = () =>
  queryOptions({
    queryKey: myResultQueryKey,
    queryFn: ({ signal }) => getMyResult({ signal }),
  });

/** The signed-in student's latest result; pass `enabled: false` for anyone else. */
export function useMyResult({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myResultQueryOptions(), enabled });
}
