import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/auth/send-email-confirmation {email}`: a new confirmation link for an unconfirmed
 * account. The answer is the same whether or not the account exists (ADR 0008).
 */
export function sendEmailConfirmation(email: string): Promise<unknown> {
  return apiRequest('/api/auth/send-email-confirmation', {
    method: 'POST',
    body: { email: email.trim() },
    auth: false,
  });
}

export function useSendEmailConfirmation() {
  return useMutation({ mutationFn: sendEmailConfirmation });
}
