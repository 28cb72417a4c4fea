import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { QuestionnaireResultAnswer, QuestionnaireSubmission } from '@plataforma/shared';
import type { QuestionnaireResult } from '../types';
import { myResultQueryKey } from './get-my-result';

/**
 * `POST /api/questionnaire/submit` (ADR 0018): visitors and signed-in users alike; the server
 * scores the answers and, for a student, keeps the result as their latest.
 */
export async function submitQuestionnaire(
  submission: QuestionnaireSubmission,
): Promise<QuestionnaireResult> {
  const answer = await apiRequest<QuestionnaireResultAnswer>('/api/questionnaire/submit', {
    method: 'POST',
    body: submission,
  });
  return answer.data.attributes;
}

/** Sends the answers; the new result becomes the caller's latest one in the cache. */
export function useSubmitQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuestionnaire,
    onSuccess: (result) => queryClient.setQueryData(myResultQueryKey, result),
  });
}
