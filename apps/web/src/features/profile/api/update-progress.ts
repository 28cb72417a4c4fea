import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgressMilestone } from '../../../components/ui/progress-checklist';
import { apiRequest } from '../../../lib/api-client';

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

/** Saves a milestone and reads the student's applications (which carry the progress) again. */
export function useUpdateProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['profile', 'applys'] }),
  });
}
