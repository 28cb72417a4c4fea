import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';
import type { Candidate } from '../types';

/** What each application is read with: the student's name, studies and CV, and the CV sent. */
export const CANDIDATE_POPULATE = [
  'CV',
  'student.user',
  'student.degree',
  'student.university',
  'student.CV',
] as const;

/** Spec §9 caps a page at 100 entries; a project rarely has more candidates than that. */
export const CANDIDATES_PAGE_SIZE = 100;

/**
 * `GET /api/applys?filters[project][id][$eq]=..&populate=..`: the applications to one project,
 * newest first. The API only answers the project's reviewers (its teacher, its organisation's
 * coordinators, admins).
 */
export async function getCandidates(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({
    'filters[project][id][$eq]': String(projectId),
    'sort[0]': 'createdAt:desc',
    'pagination[pageSize]': String(CANDIDATES_PAGE_SIZE),
  });
  CANDIDATE_POPULATE.forEach((path, index) => params.set(`populate[${index}]`, path));
  const answer = await apiRequest<{ data: Candidate[] }>(`/api/applys?${params}`, { signal });
  return answer.data;
}

export const candidatesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.applys, 'project', projectId],
    queryFn: ({ signal }) => getCandidates(projectId, { signal }),
  });

export function useCandidates(projectId: number) {
  return useQuery(candidatesQueryOptions(projectId));
}
