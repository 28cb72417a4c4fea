import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OwnApplication } from '../types';
import { RESOURCE_ROOTS } from '../../resources';

/**
 * `GET /api/applys?filters[student][id][$eq]=<student>&filters[project][id][$eq]=<project>`: the
 * student's application to this project, if they made one (the server answers a student only
 * their own applications).
 */
export async function getOwnApplication(
  studentId: number,
  projectId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OwnApplication | null> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    'filters[project][id][$eq]': String(projectId),
    'fields[0]': 'status',
  });
  const answer = await apiRequest<{ data: { id: number; attributes: { status: string } }[] }>(
    `/api/applys?${params}`,
    { signal },
  );
  const entry = answer.data[0];
  return entry ? { id: entry.id, status: entry.attributes.status } : null;
}

export const ownApplicationQueryOptions = (studentId: number, projectId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.applys, 'own', studentId, projectId],
    queryFn: ({ signal }) => getOwnApplication(studentId, projectId, { signal }),
  });

export function useOwnApplication(studentId: number | null, projectId: number) {
  return useQuery({
    ...ownApplicationQueryOptions(studentId ?? 0, projectId),
    enabled: studentId !== null,
  });
}
