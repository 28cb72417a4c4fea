import { useEffect, useRef, useState } from 'react';
import { useUnreadCount } from '../../../entities/notification/api/get-unread-count';
import { useNotificationUpdates } from '../hooks/use-notification-updates';
import { countAnnouncement } from '../utils/bell-labels';

/**
 * Once per page for a student with the bell: keeps the count current (polling, other tabs) and
 * says its changes in a polite live region, which stays in the page whichever bell (header or
 * side menu) is on screen.
 */
export function NotificationUpdates({ studentId }: { studentId: number }) {
  useNotificationUpdates(studentId);
  const count = useUnreadCount(studentId).data;
  const previous = useRef<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const message = countAnnouncement(previous.current, count);
    previous.current = count;
    if (message) setAnnouncement(message);
  }, [count]);
  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
