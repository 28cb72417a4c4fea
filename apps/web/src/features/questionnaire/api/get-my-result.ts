import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { QuestionnaireResultAnswer } from '@plataforma/shared';
import type { QuestionnaireResult } from '../types';

/** Every query of this feature starts with this key. */
export const QUESTIONNAIRE_QUERY_ROOT = 'questionnaire';

export const myResultQueryKey = [QUESTIONNAIRE_QUERY_ROOT, 'me'] as const;

/**
 * `GET /api/questionnaire/me` (students): the caller's latest result, or `null` when they never
 * answered. "No result yet" is `200 {data: null}`; an API that still answers it with a 404 means
 * the same.
 */
export async function getMyResult({
  signal,
}: { signal?: AbortSignal } = {}): Promise<QuestionnaireResult | null> {
  try {
    const answer = await apiRequest<QuestionnaireResultAnswer | { data: null }>(
      '/api/questionnaire/me',
      { signal },
    );
    return answer.data?.attributes ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
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
