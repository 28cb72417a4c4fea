import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_QUERY_ROOT } from './to-card';

/**
 * `POST /api/applys {data}` (contract issue 6): the server checks the deadline, a repeated
 * application, the CV and the DNI, and answers each refusal in Spanish (shown as it is).
 */
export async function createApplication(data: Record<string, unknown>) {
  return apiRequest<{ data: { id: number } }>('/api/applys', { method: 'POST', body: { data } });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CATALOGUE_QUERY_ROOT] }),
        // The profile's "Candidaturas" (features/profile) lists it too.
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}
