import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AuthAnswer } from '../types';
import { useStartSession } from './login';

/**
 * `POST /api/auth/login-link {token}`: spends the token of an emailed sign-in link and answers a
 * session (ADR 0008). Single use: a second exchange of the same token is refused.
 */
export function exchangeLoginLink(token: string): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/api/auth/login-link', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

/**
 * Exchanges the link and opens the session. Not remembered: a link may be opened on a borrowed
 * computer, and nobody ticked "remember me" (ADR 0013).
 */
export function useExchangeLoginLink() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: exchangeLoginLink,
    onSuccess: (answer) => startSession(answer, false),
  });
}
