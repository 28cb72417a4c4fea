import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';
import type { ApplicationChange } from '../types';

/**
 * `PUT /api/applys/:id {data}`: a reviewer's decision (status, message, supermatch), the
 * student's withdrawal (`status: 'Retirada'`) or an admin's tutor. The server checks who may
 * change what, and each change emails the student and writes to their communication centre.
 */
export async function updateApplication(id: number, change: ApplicationChange) {
  await apiRequest(`/api/applys/${id}`, { method: 'PUT', body: { data: change } });
}

/** The change; every list of applications, the projects' counts and the panel read it again. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ApplicationChange }) =>
      updateApplication(id, change),
    onSuccess: () => invalidateResource(queryClient, 'applys'),
  });
}
