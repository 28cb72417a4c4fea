import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /auth/request-message {userData: {email}}` (spec §7): emails a one-time sign-in link
 * (15 minutes) if the account exists; the answer is the same either way (ADR 0008).
 */
export function requestLoginLink(email: string): Promise<unknown> {
  return apiRequest('/auth/request-message', {
    method: 'POST',
    body: { userData: { email: email.trim() } },
    auth: false,
  });
}

export function useRequestLoginLink() {
  return useMutation({ mutationFn: requestLoginLink });
}
