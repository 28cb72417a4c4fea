import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import type { AuthAnswer } from '../types';
import { useStartSession } from './login';

export type ResetPasswordInput = ResetPasswordBody;

/**
 * `POST /api/auth/reset-password {password, passwordConfirmation, code}` (spec §5, §7): sets the
 * new password and answers a session; every other session of the account ends (ADR 0008).
 */
export function resetPassword(input: ResetPasswordInput): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/api/auth/reset-password', {
    method: 'POST',
    body: {
      password: input.password,
      passwordConfirmation: input.passwordConfirmation,
      code: input.code,
    },
    auth: false,
  });
}

/** Resets the password and opens the answered session (not remembered, ADR 0013). */
export function useResetPassword() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => startSession(answer, false),
  });
}
