import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AnnouncementAnswer } from '../types';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/**
 * `POST /api/announcements/:id/cancel`: a scheduled announcement, now `cancelled` and never sent;
 * a 409 (worded for people) once its send has started.
 */
export async function cancelAnnouncement(id: number) {
  const answer = await apiRequest<AnnouncementAnswer>(
    `/api/announcements/${id}/cancel?populate=author`,
    { method: 'POST' },
  );
  return answer.data;
}

/** Cancels a scheduled send; on success or refusal the announcement is read again. */
export function useCancelAnnouncement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelAnnouncement(id),
    onSuccess: (announcement) => queryClient.setQueryData([ANNOUNCEMENTS_ROOT, id], announcement),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENTS_ROOT] }),
  });
}
