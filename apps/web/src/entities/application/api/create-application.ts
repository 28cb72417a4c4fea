import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';

/**
 * `POST /api/applys {data}` (ADR 0025): the server checks the deadline, a repeated application,
 * the CV and the DNI, and answers each refusal in Spanish (shown as it is).
 */
export async function createApplication(data: Record<string, unknown>) {
  return apiRequest<{ data: { id: number } }>('/api/applys', { method: 'POST', body: { data } });
}

/**
 * @param onApplied runs first on success (the apply page leaves for the project's page). It is a
 * hook-level callback on purpose: the refreshed "own application" query makes the apply page
 * swap the form for "Ya te has inscrito", and a `mutate(…, {onSuccess})` callback of an
 * unmounted form would never run.
 */
export function useCreateApplication(onApplied?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => {
      onApplied?.();
      return invalidateResource(queryClient, 'applys');
    },
  });
}
