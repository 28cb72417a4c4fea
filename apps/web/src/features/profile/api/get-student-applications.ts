import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationStatus } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import type { Related, StudentApplication } from '../types';
import { projectSummaryParams, toProjectSummary, type ProjectAttributes } from './project-summary';

interface ApplyEntry {
  id: number;
  attributes: {
    status: ApplicationStatus;
    status_message: string | null;
    createdAt: string;
    project: Related<ProjectAttributes>;
  };
}

/** Enough for any student: the demo student has six; the API caps a page at 100. */
const PAGE_SIZE = '100';

/**
 * `GET /api/applys?filters[student][id][$eq]=<id>&populate=project` (spec §7), newest first; with
 * `status`, only those (spec §7: "filter status=Seleccionado" for the projects under way). The
 * server answers a student only their own applications (ADR 0012).
 */
export async function getStudentApplications(
  studentId: number,
  status: ApplicationStatus | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentApplication[]> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    ...(status ? { 'filters[status][$eq]': status } : {}),
    'fields[0]': 'status',
    'fields[1]': 'status_message',
    'fields[2]': 'createdAt',
    ...projectSummaryParams('populate[project]'),
    'sort[0]': 'createdAt:desc',
    'pagination[pageSize]': PAGE_SIZE,
  });
  const answer = await apiRequest<{ data: ApplyEntry[] }>(`/api/applys?${params}`, { signal });
  return answer.data.map(({ id, attributes: a }) => ({
    id,
    status: a.status,
    statusMessage: a.status_message,
    createdAt: a.createdAt,
    project: a.project.data ? toProjectSummary(a.project.data.id, a.project.data.attributes) : null,
  }));
}

export const studentApplicationsQueryOptions = (studentId: number, status?: ApplicationStatus) =>
  queryOptions({
    queryKey: ['profile', 'applys', studentId, status ?? 'all'],
    queryFn: ({ signal }) => getStudentApplications(studentId, status, { signal }),
  });

export function useStudentApplications(studentId: number, status?: ApplicationStatus) {
  return useQuery(studentApplicationsQueryOptions(studentId, status));
}
