import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectAttributes } from '../types';

export interface ProjectRecord {
  id: number;
  attributes: ProjectAttributes;
}

/**
 * `GET /api/projects/:id?publicationState=preview&populate=campus.university`: one project as its
 * publisher sees it, with its campus and that campus's university so the form can show both.
 * Projects are draft-and-publish: without `preview` only published ones are found (Strapi v4), so
 * a draft would be a 404; someone else's draft is still a 404 (the access policy).
 */
export async function getProject(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<{ data: ProjectRecord }>(
    `/api/projects/${id}?publicationState=preview&populate=campus.university`,
    { signal },
  );
  return answer.data;
}

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['publishing', 'project', id],
    queryFn: ({ signal }) => getProject(id, { signal }),
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}
