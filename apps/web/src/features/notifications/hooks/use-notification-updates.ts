import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '../../../entities/notification/api/keys';
import { listenToNotificationChanges } from '../../../entities/notification/api/notification-sync';
import { nextPollDelay } from '../utils/poll-delay';

const isVisible = () => document.visibilityState === 'visible';

/**
 * Keeps the student's communication centre current without a reload (ADR 0044): polls with
 * back-off (utils/poll-delay.ts), reads at once when the tab is shown or focused again, and
 * follows the other tabs' changes through a BroadcastChannel. Each poll refreshes the student's
 * queries that are on screen (the badge always; a list only while shown) and marks the others
 * stale. Mounted once per page, by the header.
 */
export function useNotificationUpdates(studentId: number): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const countKey = notificationKeys.unreadCount(studentId);
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isPolling = false;
    let stopped = false;

    const schedule = () => {
      clearTimeout(timer);
      if (stopped) return;
      timer = setTimeout(() => void poll(), nextPollDelay({ isVisible: isVisible(), failures }));
    };

    const poll = async () => {
      if (isPolling || stopped) return;
      isPolling = true;
      try {
        await queryClient.invalidateQueries({ queryKey: notificationKeys.student(studentId) });
        const state = queryClient.getQueryState(countKey);
        failures = state?.status === 'error' ? failures + 1 : 0;
      } finally {
        isPolling = false;
        schedule();
      }
    };

    const onVisibilityChange = () => {
      if (isVisible()) void poll();
      else schedule();
    };
    const onFocus = () => void poll();

    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('focus', onFocus);
    const stopListening = listenToNotificationChanges(queryClient, studentId);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('focus', onFocus);
      stopListening();
    };
  }, [queryClient, studentId]);
}
