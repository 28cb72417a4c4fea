import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ResourceItem, ResourceRecord } from '../../resource/types';
import { toResource } from '../../resource/utils/to-resource';
import { RESOURCE_ROOTS } from '../../resources';

interface StudentFavouriteResources {
  data: { id: number; attributes: { favorites_resources?: { data: ResourceRecord[] } } };
}

/**
 * `GET /api/students/<id>?populate[favorites_resources][populate][picture]=*` (spec §3
 * Student.favorites_resources): the resources the student saved, as the server lets them see
 * them (published ones). One query for every screen that shows them: the profile lists them, the
 * resources' pages ask whether each one is among them.
 */
export async function getFavoriteResources(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResourceItem[]> {
  const params = new URLSearchParams({
    'fields[0]': 'primaryKey',
    'populate[favorites_resources][populate][picture]': '*',
  });
  const answer = await apiRequest<StudentFavouriteResources>(
    `/api/students/${studentId}?${params}`,
    { signal },
  );
  return (answer.data.attributes.favorites_resources?.data ?? []).map(toResource);
}

export const favoriteResourcesQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.students, studentId, 'favorite-resources'],
    queryFn: ({ signal }) => getFavoriteResources(studentId, { signal }),
  });

/** The saved resources, for the profile's list. */
export function useSavedResources(studentId: number) {
  return useQuery(favoriteResourcesQueryOptions(studentId));
}

const toIds = (resources: ResourceItem[]) => resources.map((resource) => resource.id);

/** The ids of the saved resources, for the resources' pages (none to read for a non-student). */
export function useSavedResourceIds(studentId: number | null) {
  return useQuery({
    ...favoriteResourcesQueryOptions(studentId ?? 0),
    select: toIds,
    enabled: studentId !== null,
  });
}
