import { useState } from 'react';
import { useMarkNotificationRead } from '../../../entities/notification/api/mark-notification-read';
import type { StudentNotification } from '../../../entities/notification/types';

/**
 * Spec §4: opening a notification marks it read (when it was unread) and shows its message in the
 * popup. The popup keeps the entry it shows while it fades out.
 */
export function useOpenNotification(studentId: number) {
  const markRead = useMarkNotificationRead(studentId);
  const [opened, setOpened] = useState<{ notification: StudentNotification; isOpen: boolean }>();
  return {
    notification: opened?.notification ?? null,
    isOpen: opened?.isOpen ?? false,
    open: (notification: StudentNotification) => {
      setOpened({ notification, isOpen: true });
      if (!notification.isRead) markRead.mutate(notification);
    },
    close: () => setOpened((current) => current && { ...current, isOpen: false }),
  };
}
