import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_PAGE_STEP } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import type { StudentNotification } from '../types';
import { hasOlderNotifications, pageOfNotifications } from '../utils/notification-list';
import { formatLongDate, formatRelativeTime } from '../utils/relative-time';
import { NotificationMessageModal } from './notification-message-modal';

/** Spec §8: "Notification list empty". */
export const NO_NOTIFICATIONS_MESSAGE = 'No Hay notificaciones nuevas';

/**
 * The student's communication centre (spec §4 Notification): unread first, then newest; 3 at
 * first and 3 more per "Ver notificaciones antiguas"; opening one marks it read and shows its
 * message in a popup. A failed fetch is only logged (spec §8): no list.
 */
export function NotificationList({ studentId }: { studentId: number }) {
  const notifications = useNotifications(studentId);
  const markRead = useMarkNotificationRead();
  const [pages, setPages] = useState(1);
  const [opened, setOpened] = useState<{ notification: StudentNotification; isOpen: boolean }>();
  const itemRefs = useRef(new Map<number, HTMLButtonElement>());
  // After "Ver notificaciones antiguas", the first added entry takes the focus (the button that
  // was pressed disappears when nothing older is left).
  const focusAfterPaging = useRef<number | null>(null);
  const list = notifications.data;

  useEffect(() => {
    const index = focusAfterPaging.current;
    focusAfterPaging.current = null;
    const target = index === null ? undefined : list?.[index];
    if (target) itemRefs.current.get(target.id)?.focus();
  }, [pages, list]);

  if (notifications.isPending) return <LoadingStatus />;
  if (!list) return null;
  if (list.length === 0) {
    return <p className="py-6 text-center text-base text-slate-700">{NO_NOTIFICATIONS_MESSAGE}</p>;
  }

  const open = (notification: StudentNotification) => {
    setOpened({ notification, isOpen: true });
    if (!notification.isRead) markRead.mutate(notification.id);
  };

  return (
    <>
      <ul className="flex flex-col gap-2">
        {pageOfNotifications(list, pages).map((notification) => (
          <li key={notification.id}>
            <button
              type="button"
              ref={(element) => {
                if (element) itemRefs.current.set(notification.id, element);
                else itemRefs.current.delete(notification.id);
              }}
              onClick={() => open(notification)}
              aria-haspopup="dialog"
              className={cn(
                'flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left transition-colors hover:bg-slate-50',
                notification.isRead ? 'border-slate-200 bg-white' : 'border-main/40 bg-main/5',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1.5 size-2.5 shrink-0 rounded-full',
                  notification.isRead ? 'bg-slate-300' : 'bg-main',
                )}
              />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span
                  className={cn(
                    'text-base text-slate-900',
                    notification.isRead ? 'font-medium' : 'font-bold',
                  )}
                >
                  {notification.subject}
                </span>
                <time
                  dateTime={notification.createdAt}
                  title={formatLongDate(notification.createdAt)}
                  className="text-sm text-slate-600"
                >
                  {formatRelativeTime(notification.createdAt)}
                </time>
              </span>
              {notification.isRead ? (
                <span className="sr-only">Leída</span>
              ) : (
                <span className="shrink-0 rounded-full bg-main px-2.5 py-0.5 text-xs font-semibold text-on-main">
                  Nueva
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {hasOlderNotifications(list, pages) ? (
        <Button
          variant="secondary"
          className="mt-4 self-start"
          onClick={() => {
            focusAfterPaging.current = pages * NOTIFICATION_PAGE_STEP;
            setPages(pages + 1);
          }}
        >
          Ver notificaciones antiguas
        </Button>
      ) : null}
      <NotificationMessageModal
        notification={opened?.notification ?? null}
        isOpen={opened?.isOpen ?? false}
        onClose={() => setOpened((current) => current && { ...current, isOpen: false })}
      />
    </>
  );
}
