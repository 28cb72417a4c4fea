import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StudentNotification } from '../types';
import type { NotificationPage } from './get-notifications';
import { notificationKeys } from './keys';
import { announceNotificationsChanged } from './notification-sync';

/** `PUT /api/communication-centers/<id> {data:{isRead:true}}` (spec §7). */
export function markNotificationRead(id: number): Promise<unknown> {
  return apiRequest(`/api/communication-centers/${id}`, {
    method: 'PUT',
    body: { data: { isRead: true } },
  });
}

/** What the cache held before an optimistic change, to put back if the write fails. */
export interface NotificationSnapshot {
  lists: [readonly unknown[], NotificationPage | undefined][];
  count: number | undefined;
}

/**
 * Shows entries read in every cached list of the student and lowers the bell's count, at once
 * (spec §4: "updates the count"). The lists keep their order while the person reads, so the entry
 * they opened (and the focus that returns to it) does not jump.
 */
export function setReadInCache(
  queryClient: QueryClient,
  studentId: number,
  isAffected: (notification: StudentNotification) => boolean,
): NotificationSnapshot {
  const listKey = notificationKeys.list(studentId);
  const countKey = notificationKeys.unreadCount(studentId);
  const snapshot: NotificationSnapshot = {
    lists: queryClient.getQueriesData<NotificationPage>({ queryKey: listKey }),
    count: queryClient.getQueryData<number>(countKey),
  };
  queryClient.setQueriesData<NotificationPage>({ queryKey: listKey }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((n) => (!n.isRead && isAffected(n) ? { ...n, isRead: true } : n)),
        }
      : page,
  );
  return snapshot;
}

export function restoreSnapshot(
  queryClient: QueryClient,
  studentId: number,
  snapshot: NotificationSnapshot | undefined,
): void {
  if (!snapshot) return;
  for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
  queryClient.setQueryData(notificationKeys.unreadCount(studentId), snapshot.count);
}

/**
 * Spec §4: opening a notification marks it read and updates the unread count everywhere: this
 * tab's badge and lists at once, then the server's count, then the other tabs (ADR 0044). A
 * failure puts it back unread.
 */
export function useMarkNotificationRead(studentId: number) {
  const queryClient = useQueryClient();
  const countKey = notificationKeys.unreadCount(studentId);
  return useMutation({
    mutationFn: (notification: StudentNotification) => markNotificationRead(notification.id),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: countKey });
      const snapshot = setReadInCache(queryClient, studentId, (n) => n.id === notification.id);
      if (!notification.isRead) {
        queryClient.setQueryData<number>(countKey, (count) =>
          count === undefined ? count : Math.max(0, count - 1),
        );
      }
      return snapshot;
    },
    onError: (error, _notification, snapshot) => {
      restoreSnapshot(queryClient, studentId, snapshot);
      console.error('No se pudo marcar la notificación como leída.', error);
    },
    onSuccess: () => announceNotificationsChanged(studentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: countKey }),
  });
}
