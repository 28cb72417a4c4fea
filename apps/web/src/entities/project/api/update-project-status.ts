import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectStatus } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';

export interface UpdateProjectStatusInput {
  projectId: number;
  status: ProjectStatus;
  /** Required by the API when the status is Rechazada. */
  rejectionReason?: string;
}

/**
 * `PUT /api/projects/:id {data:{status, rejection_reason?}}`: a step of the project workflow
 * (ADR 0024), by its publisher or an admin; the API refuses a move the table does not allow, with
 * a Spanish message.
 */
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
    onSuccess: () => invalidateResource(queryClient, 'projects'),
  });
}
