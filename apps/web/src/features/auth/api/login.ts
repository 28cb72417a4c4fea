import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resetUserData } from '../../../lib/query-client';
import { saveSession } from '../../../lib/session-tokens';
import type { AuthAnswer } from '../types';

export interface LoginInput {
  identifier: string;
  password: string;
  remember: boolean;
}

/**
 * `POST /api/auth/local {identifier, password}` (spec §7), with `remember`: the API sets its
 * refresh cookie persistent or for the browser session alike (ADR 0055).
 */
export function login({ identifier, password, remember }: LoginInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/api/auth/local', {
    method: 'POST',
    body: { identifier, password, remember },
    auth: false,
  });
}

/**
 * Stores a session any sign-in answered (password, sign-in link, reset, change of password) and
 * drops what the previous user's queries held, with the user's own record already in place.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: AuthAnswer, remember: boolean) => {
    resetUserData(queryClient);
    queryClient.setQueryData(['session', 'me'], answer.user);
    saveSession(answer, remember);
  };
}

/** Signs in with a password; the caller decides where to go next. */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer, input) => startSession(answer, input.remember),
  });
}
