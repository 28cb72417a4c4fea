import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AnnouncementListAnswer } from '../types';
import { isInProgress, LIVE_POLL_MS } from '../utils/delivery';

/** The announcements' queries start with the resource as the API names it (ADR 0030). */
export const ANNOUNCEMENTS_ROOT = 'announcements';

/** Announcements a page of the history shows. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * `GET /api/announcements?populate=author&pagination[...]` (ADR 0045): the history, newest
 * first (the API's order), each with its delivery counted live. Admins see every one.
 */
export function getAnnouncements(page: number, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({
    populate: 'author',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(HISTORY_PAGE_SIZE),
  });
  return apiRequest<AnnouncementListAnswer>(`/api/announcements?${params}`, { signal });
}

export const announcementsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [ANNOUNCEMENTS_ROOT, 'list', page],
    queryFn: ({ signal }) => getAnnouncements(page, { signal }),
    placeholderData: keepPreviousData,
    // A page with a send under way follows it, as the detail does (less often is enough here).
    refetchInterval: (query) =>
      query.state.data?.data.some((entry) => isInProgress(entry.attributes))
        ? LIVE_POLL_MS * 3
        : false,
  });

export const useAnnouncements = (page: number) => useQuery(announcementsQueryOptions(page));
