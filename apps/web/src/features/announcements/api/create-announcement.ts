import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import { useSubmission } from '../../../lib/use-submission';
import type { AnnouncementAnswer, AnnouncementInput } from '../types';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/**
 * `POST /api/announcements {data}`: answers 201 at once with the announcement `scheduled`; a job
 * sends it when due (ADR 0045). With the submission's `idempotencyKey`, a 503 or a lost
 * connection is tried again, and a message is never sent twice (ADR 0070).
 */
export async function createAnnouncement(
  data: AnnouncementInput,
  request: Pick<ApiRequestOptions, 'idempotencyKey' | 'onRetry'> = {},
) {
  const answer = await apiRequest<AnnouncementAnswer>('/api/announcements?populate=author', {
    method: 'POST',
    body: { data },
    ...request,
  });
  return answer.data;
}

/**
 * Sends (or schedules) an announcement, one key per message sent (`retrying` says when it is
 * tried again); the history is read again.
 */
export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: (data: AnnouncementInput) => createAnnouncement(data, submission.request(data)),
    onSuccess: (announcement) => {
      queryClient.setQueryData([ANNOUNCEMENTS_ROOT, announcement.id], announcement);
      return queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENTS_ROOT, 'list'] });
    },
    onSettled: (_answer, error) => submission.settle(error),
  });
  return { ...mutation, retrying: submission.retrying };
}
