import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunicationCentersReadAllAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';
import { restoreSnapshot, setReadInCache } from './mark-notification-read';
import { announceNotificationsChanged } from './notification-sync';

/** `POST /api/communication-centers/read-all` (ADR 0044): the caller's unread entries, all read. */
export function markAllNotificationsRead(): Promise<CommunicationCentersReadAllAnswer> {
  return apiRequest<CommunicationCentersReadAllAnswer>('/api/communication-centers/read-all', {
    method: 'POST',
  });
}

/**
 * "Marcar todas como leídas" (the bell and the profile): every entry shows read and the count is
 * 0 at once; the server's answer is then read again and the other tabs told. A failure puts the
 * entries and the count back.
 */
export function useMarkAllNotificationsRead(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.student(studentId) });
      const snapshot = setReadInCache(queryClient, studentId, () => true);
      queryClient.setQueryData<number>(notificationKeys.unreadCount(studentId), 0);
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      restoreSnapshot(queryClient, studentId, snapshot);
      console.error('No se pudieron marcar las notificaciones como leídas.', error);
    },
    onSuccess: () => announceNotificationsChanged(studentId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.student(studentId) }),
  });
}
