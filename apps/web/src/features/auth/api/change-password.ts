import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { isRemembered, saveSession } from '../../../lib/session-tokens';
import type { AuthAnswer } from '../types';
import { currentUserQueryOptions } from './get-current-user';

export type ChangePasswordInput = ChangePasswordBody;

/**
 * `POST /api/auth/change-password {currentPassword, password, passwordConfirmation}` (bearer):
 * answers new tokens, because the change ends every session issued before it (ADR 0008).
 */
export function changePassword(input: ChangePasswordInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/api/auth/change-password', { method: 'POST', body: input });
}

/**
 * Changes the password and keeps this browser signed in with the answered tokens, with the same
 * remember-me choice the session was opened with.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      saveSession(answer, isRemembered());
      queryClient.setQueryData(currentUserQueryOptions().queryKey, answer.user);
    },
  });
}
