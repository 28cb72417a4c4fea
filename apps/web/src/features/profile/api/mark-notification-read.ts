import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StudentNotification } from '../types';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications';

/** `PUT /api/communication-centers/<id> {data:{isRead:true}}` (spec §7). */
export function markNotificationRead(id: number): Promise<unknown> {
  return apiRequest(`/api/communication-centers/${id}`, {
    method: 'PUT',
    body: { data: { isRead: true } },
  });
}

/**
 * Spec §4: opening a notification marks it read and updates the unread count. Every cached list
 * shows it read at once, in place: the list keeps its order while the person reads, so the entry
 * they opened (and the focus that returns to it) does not jump. A failure puts it back unread.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const setRead = (id: number, isRead: boolean) =>
    queryClient.setQueriesData<StudentNotification[]>(
      { queryKey: [NOTIFICATIONS_QUERY_ROOT] },
      (list) => list?.map((n) => (n.id === id ? { ...n, isRead } : n)),
    );
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => setRead(id, true),
    onError: (error, id) => {
      setRead(id, false);
      console.error('No se pudo marcar la notificación como leída.', error);
    },
  });
}
