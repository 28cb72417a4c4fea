import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ProgressMilestone } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';

export interface ProgressChange {
  progressId: number;
  milestone: ProgressMilestone;
  done: boolean;
}

/** `PUT /api/project-progresses/<id> {data:{<milestone>: done}}`: one milestone at a time. */
export function updateProgress({ progressId, milestone, done }: ProgressChange): Promise<unknown> {
  return apiRequest(`/api/project-progresses/${progressId}`, {
    method: 'PUT',
    body: { data: { [milestone]: done } },
  });
}

/**
 * Saves a milestone (the selected student or their tutor); the applications and the teacher's
 * panel, which carry the progress, are read again whatever the outcome. A screen may show the
 * change at once with `onMutate` and undo it with `onError`.
 */
export function useUpdateProgress(
  options: Pick<UseMutationOptions<unknown, Error, ProgressChange>, 'onMutate' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProgress,
    onSettled: () => invalidateResource(queryClient, 'progress'),
  });
}
