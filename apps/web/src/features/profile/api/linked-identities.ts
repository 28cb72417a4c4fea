import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedIdentitiesAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

const IDENTITIES_KEY = ['auth-identities'] as const;

/** `GET /api/auth/identities`: the caller's linked university identities (ADR 0074). */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: IDENTITIES_KEY,
    queryFn: ({ signal }) => apiRequest<LinkedIdentitiesAnswer>('/api/auth/identities', { signal }),
  });
}

/**
 * `DELETE /api/auth/identities/:id`: the server refuses the last way in with its Spanish message
 * (shown as it is) and answers the identities left, which replace the list.
 */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<LinkedIdentitiesAnswer>(`/api/auth/identities/${id}`, { method: 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(IDENTITIES_KEY, answer),
  });
}
