import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { searchProjectsQueryOptions } from '../../../entities/project/api/search-projects';
import { useSession } from '../../../features/auth/hooks/use-session';
import type { CatalogueViewer } from '../../../features/projects-catalogue/types';
import {
  parseFilters,
  toApiQuery,
} from '../../../features/projects-catalogue/utils/catalogue-filters';

/**
 * Who looks at the catalogue, from the session: visitors, students (with their student record,
 * known once the profile details load), admins, and the rest. `null` while that is not known.
 */
export function useCatalogueViewer(): CatalogueViewer | null {
  const { status, user, details } = useSession();
  const isStudent = status === 'authenticated' && user?.profileType === 'student';
  useSearchWhileTheRecordLoads(isStudent && details === null);
  if (status === 'loading') return null;
  if (status === 'anonymous' || !user) return { role: 'visitor', studentId: null };
  if (user.profileType === 'admin') return { role: 'admin', studentId: null };
  if (user.profileType === 'student') {
    if (details === null) return null;
    return { role: 'student', studentId: details.profileId };
  }
  return { role: 'other', studentId: null };
}

/**
 * A student's catalogue waits for their student record (its save buttons need the record's id),
 * but the search does not: the answer marks the saved and applied projects from the caller's
 * token. So it is asked as soon as the role is known, beside the record, not after it.
 */
function useSearchWhileTheRecordLoads(isWaiting: boolean) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const query = toApiQuery(parseFilters(params), { isAdmin: false });
  useEffect(() => {
    if (isWaiting) void queryClient.prefetchQuery(searchProjectsQueryOptions(query));
  }, [isWaiting, query, queryClient]);
}
