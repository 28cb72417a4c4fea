import type { ProjectStatus } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateProjectData } from './invalidate-project-data';

/**
 * `PUT /api/projects/:id {data:{status}}`: the publisher's transitions (send to review,
 * withdraw, finish, resubmit); the API refuses the others with a Spanish message.
 */
export async function changeProjectStatus(id: number, status: ProjectStatus) {
  await apiRequest(`/api/projects/${id}`, { method: 'PUT', body: { data: { status } } });
}

export function useChangeProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ProjectStatus }) =>
      changeProjectStatus(id, status),
    onSuccess: async () => {
      await invalidateProjectData(queryClient);
    },
  });
}
