import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationStatus } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { Relation } from '../../project/types';
import {
  projectSummaryParams,
  toProjectSummary,
  type ProjectSummaryAttributes,
} from '../../project/utils/project-summary';
import type { ProjectProgress, StudentApplication } from '../types';

interface ApplyEntry {
  id: number;
  attributes: {
    status: ApplicationStatus;
    status_message: string | null;
    createdAt: string;
    project: Relation<
      ProjectSummaryAttributes & { progress?: Relation<Omit<ProjectProgress, 'id'>> }
    >;
    tutorAsigned?: Relation<{ user?: Relation<{ name: string | null; surname: string | null }> }>;
  };
}

/** "Nombre Apellidos" of a populated user, or null when there is none to show. */
function fullName(user: { name: string | null; surname: string | null } | undefined) {
  const name = [user?.name, user?.surname].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/** Enough for any student: the demo student has six; the API caps a page at 100. */
const PAGE_SIZE = '100';

/**
 * `GET /api/applys?filters[student][id][$eq]=<id>&populate=project` (spec §7), newest first; with
 * `status`, only those (spec §7: "filter status=Seleccionado" for the projects under way). The
 * server answers a student only their own applications (ADR 0012). The assigned tutor's name and
 * the project's progress come along (ADR 0029); the server shows a student the progress only of
 * the projects they were selected for.
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
    'populate[project][populate][progress][fields][0]': 'objectives',
    'populate[project][populate][progress][fields][1]': 'frame',
    'populate[project][populate][progress][fields][2]': 'conclusions',
    'populate[project][populate][progress][fields][3]': 'defense',
    'populate[project][populate][progress][fields][4]': 'final',
    'populate[tutorAsigned][fields][0]': 'primaryKey',
    'populate[tutorAsigned][populate][user][fields][0]': 'name',
    'populate[tutorAsigned][populate][user][fields][1]': 'surname',
    'sort[0]': 'createdAt:desc',
    'pagination[pageSize]': PAGE_SIZE,
    // A project that ended or was withdrawn is out of the catalogue but still the student's.
    publicationState: 'preview',
  });
  const answer = await apiRequest<{ data: ApplyEntry[] }>(`/api/applys?${params}`, { signal });
  return answer.data.map(({ id, attributes: a }) => ({
    id,
    status: a.status,
    statusMessage: a.status_message,
    createdAt: a.createdAt,
    project: a.project.data ? toProjectSummary(a.project.data.id, a.project.data.attributes) : null,
    tutorName: fullName(a.tutorAsigned?.data?.attributes.user?.data?.attributes),
    progress: toProgress(a.project.data?.attributes.progress),
  }));
}

function toProgress(
  related: Relation<Omit<ProjectProgress, 'id'>> | undefined,
): ProjectProgress | null {
  if (!related?.data) return null;
  const a = related.data.attributes;
  return {
    id: related.data.id,
    objectives: a.objectives === true,
    frame: a.frame === true,
    conclusions: a.conclusions === true,
    defense: a.defense === true,
    final: a.final === true,
  };
}

export const studentApplicationsQueryOptions = (studentId: number, status?: ApplicationStatus) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.applys, 'student', studentId, status ?? 'all'],
    queryFn: ({ signal }) => getStudentApplications(studentId, status, { signal }),
  });

export function useStudentApplications(studentId: number, status?: ApplicationStatus) {
  return useQuery(studentApplicationsQueryOptions(studentId, status));
}
