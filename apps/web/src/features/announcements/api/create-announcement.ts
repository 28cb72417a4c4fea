import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AnnouncementAnswer, AnnouncementInput } from '../types';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/**
 * `POST /api/announcements {data}`: answers 201 at once with the announcement `scheduled`; a job
 * sends it when due (ADR 0045).
 */
export async function createAnnouncement(data: AnnouncementInput) {
  const answer = await apiRequest<AnnouncementAnswer>('/api/announcements?populate=author', {
    method: 'POST',
    body: { data },
  });
  return answer.data;
}

/** Sends (or schedules) an announcement; the history is read again. */
export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: (announcement) => {
      queryClient.setQueryData([ANNOUNCEMENTS_ROOT, announcement.id], announcement);
      return queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENTS_ROOT, 'list'] });
    },
  });
}
