import { useQueryClient } from '@tanstack/react-query';
import {
  useUpdateProgress,
  type ProgressChange,
} from '../../../entities/project-progress/api/update-progress';
import type { TeacherDashboard } from '../types';
import { DASHBOARD_QUERY_KEY } from './get-teacher-dashboard';

/**
 * The tutor ticks a milestone: the panel shows it at once (every tutored student of that project
 * shares the record) and a failure puts it back; the progress entity reads the panel again
 * either way.
 */
export function useTickMilestone() {
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
  return useUpdateProgress({
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: DASHBOARD_QUERY_KEY });
      setMilestone(change);
    },
    onError: (_error, change) => setMilestone({ ...change, done: !change.done }),
  });
}
