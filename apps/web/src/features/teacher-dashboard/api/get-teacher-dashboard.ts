import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import type { TeacherDashboardAnswer } from '@plataforma/shared';
import type { TeacherDashboard } from '../types';

/** The panel shows projects, applications and progress: their writes refresh it (ADR 0030). */
export const DASHBOARD_QUERY_KEY = [RESOURCE_ROOTS.teachers, 'dashboard'] as const;

/** `GET /api/teachers/dashboard` (teachers only; ADR 0025). */
export async function getTeacherDashboard({
  signal,
}: { signal?: AbortSignal } = {}): Promise<TeacherDashboard> {
  const answer = await apiRequest<TeacherDashboardAnswer>('/api/teachers/dashboard', {
    signal,
  });
  return answer.data;
}

export const teacherDashboardQueryOptions = () =>
  queryOptions({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => getTeacherDashboard({ signal }),
  });

export function useTeacherDashboard() {
  return useQuery(teacherDashboardQueryOptions());
}
