import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AnnouncementAnswer } from '../types';
import { pollInterval } from '../utils/delivery';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/** `GET /api/announcements/:id?populate=author`: one, with its delivery read live; 404 otherwise. */
export async function getAnnouncement(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<AnnouncementAnswer>(`/api/announcements/${id}?populate=author`, {
    signal,
  });
  return answer.data;
}

export const announcementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [ANNOUNCEMENTS_ROOT, id],
    queryFn: ({ signal }) => getAnnouncement(id, { signal }),
    // Live progress (ADR 0046): asked again while it is scheduled, sending or has emails pending,
    // and no more once it is done.
    refetchInterval: (query) => pollInterval(query.state.data?.attributes),
  });

export const useAnnouncement = (id: number) => useQuery(announcementQueryOptions(id));
