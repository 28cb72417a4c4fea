import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmailAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_ROOT } from './get-outbox';

/**
 * `POST /api/admin/outbox/:id/retry`: a failed or waiting email is due now with a fresh round of
 * attempts (409 when it was sent, or a sender holds it at this moment).
 */
export async function retryOutboxEmail(id: number) {
  const answer = await apiRequest<OutboxEmailAnswer>(`/api/admin/outbox/${id}/retry`, {
    method: 'POST',
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
