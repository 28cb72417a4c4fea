import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';

export type ReviewDecision =
  { workId: number; decision: 'publish' } | { workId: number; decision: 'reject'; reason: string };

/**
 * `PUT /api/tfxes/:id {data:{review_status:'published'}}`, or `'rejected'` with the reason the
 * author receives (ADR 0036): the server sets `publishedAt` and tells the author by email and in
 * the communication centre.
 */
export function reviewWork(input: ReviewDecision) {
  const data =
    input.decision === 'publish'
      ? { review_status: 'published' }
      : { review_status: 'rejected', rejection_reason: input.reason };
  return apiRequest(`/api/tfxes/${input.workId}`, {
    method: 'PUT',
    body: { data },
  });
}

/** Publishes or rejects a work; every list of works (the review's, the library's) is read again. */
export function useReviewWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWork,
    onSuccess: () => invalidateResource(queryClient, 'tfxes'),
  });
}
