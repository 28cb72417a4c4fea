import { useMutation } from '@tanstack/react-query';
import type { OkAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/auth/forgot-password {email}` (spec §7): emails a reset link (one hour) if the account
 * exists; the answer is the same either way (ADR 0008).
 */
export function forgotPassword(email: string): Promise<OkAnswer> {
  return apiRequest<OkAnswer>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email: email.trim() },
    auth: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
