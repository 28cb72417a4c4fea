import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmailAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/use-submission';
import { OUTBOX_ROOT } from './get-outbox';

/**
 * `POST /api/admin/outbox/:id/retry`: a failed or waiting email is due now with a fresh round of
 * attempts (409 when it was sent, or a sender holds it at this moment). One key per press, so a
 * 503 or a lost connection is tried again safely (ADR 0070).
 */
export async function retryOutboxEmail(id: number) {
  const answer = await apiRequest<OutboxEmailAnswer>(`/api/admin/outbox/${id}/retry`, {
    method: 'POST',
    idempotencyKey: newIdempotencyKey(),
  });
  return answer.data;
}

/** Retries an email; its page and every list that shows it are read again. */
export function useRetryOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxEmail,
    onSuccess: (email) => {
      queryClient.setQueryData([OUTBOX_ROOT, 'email', email.id], email);
      return queryClient.invalidateQueries({ queryKey: [OUTBOX_ROOT] });
    },
  });
}
