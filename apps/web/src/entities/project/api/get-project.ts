import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { ProjectRecord } from '../types';
import { toProjectDetail } from '../utils/to-project-detail';

/**
 * What a project is read with, for its page and its publisher's form alike: the organisation with
 * its logo, the teacher's name, the campus and its university. `publicationState=preview` lets
 * the server answer unpublished projects to those its policy lets see them (admins, the
 * publisher, applicants and tutors of an ended one, ADR 0024); everyone else gets published ones
 * only, and someone else's draft is a 404.
 */
const PROJECT_PARAMS = new URLSearchParams({
  publicationState: 'preview',
  'populate[organization][fields][0]': 'name',
  'populate[organization][fields][1]': 'description',
  'populate[organization][fields][2]': 'web',
  'populate[organization][populate][logo][fields][0]': 'url',
  'populate[teacher][fields][0]': 'id',
  'populate[teacher][populate][user][fields][0]': 'name',
  'populate[teacher][populate][user][fields][1]': 'surname',
  'populate[campus][fields][0]': 'name',
  'populate[campus][populate][university][fields][0]': 'name',
}).toString();

/** `GET /api/projects/:id` with populate (generic Strapi route). */
export async function getProject(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProjectRecord> {
  const answer = await apiRequest<{ data: ProjectRecord }>(
    `/api/projects/${id}?${PROJECT_PARAMS}`,
    {
      signal,
    },
  );
  return answer.data;
}

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.projects, id],
    queryFn: ({ signal }) => getProject(id, { signal }),
  });

/** The project as stored (the publisher's form reads and compares it). */
export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}

/** The project as its page shows it. */
export function useProjectDetail(id: number) {
  return useQuery({ ...projectQueryOptions(id), select: toProjectDetail });
}
