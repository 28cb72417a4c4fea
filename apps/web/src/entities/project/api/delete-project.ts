import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';

/** `DELETE /api/projects/:id`: only a project nobody applied to (the API refuses the rest). */
export async function deleteProject(id: number) {
  await apiRequest(`/api/projects/${id}`, { method: 'DELETE' });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteProject(id),
    onSuccess: () => invalidateResource(queryClient, 'projects'),
  });
}
