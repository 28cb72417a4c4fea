import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_PAGE_STEP } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { cn } from '../../../lib/cn';
import {
  NOTIFICATION_LOAD_MAX,
  notificationsToLoad,
  useNotifications,
} from '../../../entities/notification/api/get-notifications';
import type { StudentNotification } from '../../../entities/notification/types';
import {
  hasOlderNotifications,
  keepShownOrder,
  pageOfNotifications,
} from '../../../entities/notification/utils/notification-list';
import {
  formatLongDate,
  formatRelativeTime,
} from '../../../entities/notification/utils/relative-time';

/** Spec §8: "Notification list empty". */
export const NO_NOTIFICATIONS_MESSAGE = 'No Hay notificaciones nuevas';

export interface NotificationListProps {
  studentId: number;
  /** Called when an entry is opened: the caller marks it read and shows its message. */
  onOpen: (notification: StudentNotification) => void;
  /** `panel`: the bell's narrow panel; `page`: the profile's section. */
  variant?: 'page' | 'panel';
}

/**
 * The student's communication centre (spec §4 Notification): unread first, then newest; 3 at
 * first and 3 more per "Ver notificaciones antiguas". A failed fetch is only logged (spec §8): no
 * list. The bell's panel and the profile show the same list, from the same query (ADR 0044).
 */
export function NotificationList({ studentId, onOpen, variant = 'page' }: NotificationListProps) {
  const [pages, setPages] = useState(1);
  const notifications = useNotifications(
    studentId,
    notificationsToLoad(pages * NOTIFICATION_PAGE_STEP, NOTIFICATION_PAGE_STEP),
  );
  const itemRefs = useRef(new Map<number, HTMLButtonElement>());
  // After "Ver notificaciones antiguas", the first added entry takes the focus (the button that
  // was pressed disappears when nothing older is left).
  const focusAfterPaging = useRef<number | null>(null);
  // The order first shown is kept while the list is on screen (keepShownOrder): the poll and
  // the marks read it again, and an entry the person just read must not jump away.
  const [shownOrder, setShownOrder] = useState<readonly number[]>([]);
  const list = notifications.data
    ? keepShownOrder(notifications.data.items, shownOrder)
    : undefined;
  const listIds = list?.map((n) => n.id).join(',');
  if (listIds !== undefined && listIds !== shownOrder.join(',')) {
    setShownOrder(list!.map((n) => n.id));
  }
  const isPanel = variant === 'panel';

  useEffect(() => {
    const index = focusAfterPaging.current;
    focusAfterPaging.current = null;
    const target = index === null ? undefined : list?.[index];
    if (target) itemRefs.current.get(target.id)?.focus();
  }, [pages, list]);

  if (notifications.isPending) return <LoadingStatus />;
  if (!list) return null;
  if (list.length === 0) {
    return (
      <p className={cn('text-center text-base text-slate-700', isPanel ? 'px-4 py-8' : 'py-6')}>
        {NO_NOTIFICATIONS_MESSAGE}
      </p>
    );
  }

  return (
    <>
      <ul className={cn('flex flex-col', isPanel ? 'gap-1' : 'gap-2')}>
        {pageOfNotifications(list, pages).map((notification) => (
          <li key={notification.id}>
            <button
              type="button"
              ref={(element) => {
                if (element) itemRefs.current.set(notification.id, element);
                else itemRefs.current.delete(notification.id);
              }}
              onClick={() => onOpen(notification)}
              aria-haspopup="dialog"
              className={cn(
                'flex w-full items-start gap-3 text-left transition-colors hover:bg-slate-50',
                isPanel ? 'rounded-lg px-3 py-2.5' : 'rounded-xl border px-4 py-3',
                !isPanel &&
                  (notification.isRead ? 'border-slate-200 bg-white' : 'border-main/40 bg-main/5'),
                isPanel && !notification.isRead && 'bg-main/5',
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
                    'text-slate-900',
                    isPanel ? 'line-clamp-2 text-sm' : 'text-base',
                    notification.isRead ? 'font-medium' : 'font-bold',
                  )}
                >
                  {notification.subject}
                </span>
                <time
                  dateTime={notification.createdAt}
                  title={formatLongDate(notification.createdAt)}
                  className={cn('text-slate-600', isPanel ? 'text-xs' : 'text-sm')}
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
      {hasOlderNotifications(notifications.data!.total, pages, NOTIFICATION_LOAD_MAX) ? (
        <Button
          variant="secondary"
          className={cn(isPanel ? 'mx-3 mt-2 mb-1' : 'mt-4 self-start')}
          onClick={() => {
            focusAfterPaging.current = pages * NOTIFICATION_PAGE_STEP;
            setPages(pages + 1);
          }}
        >
          Ver notificaciones antiguas
        </Button>
      ) : null}
    </>
  );
}
