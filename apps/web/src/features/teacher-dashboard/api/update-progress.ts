import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgressMilestone } from '../../../components/ui/progress-checklist';
import { apiRequest } from '../../../lib/api-client';
import type { TeacherDashboard } from '../types';
import { DASHBOARD_QUERY_KEY } from './get-teacher-dashboard';

export interface ProgressChange {
  progressId: number;
  milestone: ProgressMilestone;
  done: boolean;
}

/** `PUT /api/project-progresses/<id> {data:{<milestone>: done}}`: the tutor ticks a milestone. */
export function updateProgress({ progressId, milestone, done }: ProgressChange): Promise<unknown> {
  return apiRequest(`/api/project-progresses/${progressId}`, {
    method: 'PUT',
    body: { data: { [milestone]: done } },
  });
}

/**
 * Ticks a milestone: the panel shows it at once (every tutored student of that project shares
 * the record), a failure puts it back, and the panel is read again either way.
 */
export function useUpdateProgress() {
  const queryClient = useQueryClient();
  const setMilestone = ({ progressId, milestone, done }: ProgressChange) =>
    queryClient.setQueryData<TeacherDashboard>(DASHBOARD_QUERY_KEY, (dashboard) =>
      dashboard
        ? {
            ...dashboard,
            tutored: dashboard.tutored.map((t) =>
              t.progress?.id === progressId
                ? { ...t, progress: { ...t.progress, [milestone]: done } }
                : t,
            ),
          }
        : dashboard,
    );
  return useMutation({
    mutationFn: updateProgress,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: DASHBOARD_QUERY_KEY });
      setMilestone(change);
    },
    onError: (_error, change) => setMilestone({ ...change, done: !change.done }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  });
}
