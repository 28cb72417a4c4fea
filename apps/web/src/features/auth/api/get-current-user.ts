import { queryOptions } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS, apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-tokens';
import type { SessionUser } from '../types';

/**
 * `GET /api/users/me?populate=picture`: the signed-in user. Spec §4: a user fetch answering with
 * errors clears the token (a network failure is not an answer, so it keeps the session).
 */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiRequest<SessionUser>('/api/users/me?populate=picture', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS) clearSession();
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'me'],
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
