import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer, SetupBody } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/setup` (ADR 0064): creates the first administrator and the platform's basics and
 * answers the administrator's session, as a sign-in does. The caller opens the session.
 */
export function completeSetup(body: SetupBody): Promise<SessionAnswer> {
  return apiRequest<SessionAnswer>('/api/setup', { method: 'POST', body, auth: false });
}

export const useCompleteSetup = () => useMutation({ mutationFn: completeSetup });
