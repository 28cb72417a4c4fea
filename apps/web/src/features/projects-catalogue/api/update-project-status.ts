import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectStatus } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_QUERY_ROOT } from './to-card';

export interface UpdateProjectStatusInput {
  projectId: number;
  status: ProjectStatus;
  /** Required by the API when the status is Rechazada. */
  rejectionReason?: string;
}

/** `PUT /api/projects/:id {data:{status, rejection_reason?}}`: a step of the project workflow. */
export async function updateProjectStatus({
  projectId,
  status,
  rejectionReason,
}: UpdateProjectStatusInput) {
  await apiRequest(`/api/projects/${projectId}`, {
    method: 'PUT',
    body: {
      data: {
        status,
        ...(rejectionReason !== undefined ? { rejection_reason: rejectionReason } : {}),
      },
    },
  });
}

export function useUpdateProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProjectStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATALOGUE_QUERY_ROOT] }),
  });
}
