import type { AnnouncementResendAnswer } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/use-submission';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/**
 * `POST /api/announcements/:id/resend`: its failed emails due again with a fresh round of
 * attempts; answers how many. One key per press: a 503 or a lost connection is tried again, and
 * the emails are not queued twice (ADR 0070).
 */
export async function resendAnnouncement(id: number) {
  const answer = await apiRequest<AnnouncementResendAnswer>(`/api/announcements/${id}/resend`, {
    method: 'POST',
    idempotencyKey: newIdempotencyKey(),
  });
  return answer.data.requeued;
}

/** Resends the failed emails; the announcement and the history are read again (and followed). */
export function useResendAnnouncement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendAnnouncement(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENTS_ROOT] }),
  });
}
