import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectSummary, RelationList } from '../../project/types';
import {
  projectSummaryParams,
  toProjectSummary,
  type ProjectSummaryAttributes,
} from '../../project/utils/project-summary';
import { RESOURCE_ROOTS } from '../../resources';

interface StudentFavourites {
  data: { id: number; attributes: { favorites?: RelationList<ProjectSummaryAttributes> } };
}

/**
 * `GET /api/students/<id>?populate[favorites]=...` (spec §3 Student.favorites): the projects the
 * student saved, as the server lets them see them (published ones). One query for every screen
 * that shows them: the profile lists them, a project's page asks whether it is among them.
 */
export async function getFavorites(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProjectSummary[]> {
  const params = new URLSearchParams({
    'fields[0]': 'primaryKey',
    ...projectSummaryParams('populate[favorites]'),
  });
  const answer = await apiRequest<StudentFavourites>(`/api/students/${studentId}?${params}`, {
    signal,
  });
  return (answer.data.attributes.favorites?.data ?? []).map(({ id, attributes }) =>
    toProjectSummary(id, attributes),
  );
}

export const favoritesQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.students, studentId, 'favorites'],
    queryFn: ({ signal }) => getFavorites(studentId, { signal }),
  });

/** The saved projects, for the profile's list. */
export function useSavedProjects(studentId: number) {
  return useQuery(favoritesQueryOptions(studentId));
}

const toIds = (projects: ProjectSummary[]) => projects.map((project) => project.id);

/** The ids of the saved projects, for a project's page (none to read for a non-student). */
export function useFavoriteIds(studentId: number | null) {
  return useQuery({
    ...favoritesQueryOptions(studentId ?? 0),
    select: toIds,
    enabled: studentId !== null,
  });
}
