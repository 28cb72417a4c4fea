import {
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { lazy, Suspense, useId } from 'react';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../../../entities/notification/api/get-unread-count';
import { useOpenNotification } from '../hooks/use-open-notification';
import { bellLabel } from '../utils/bell-labels';
import { BellIcon } from './bell-icon';
import { NotificationPanel } from './notification-panel';
import { UnreadBadge } from './unread-badge';

/**
 * The message's popup and its HTML cleaner (DOMPurify) load when a student first opens an entry:
 * every page has the header, and most visits open no message.
 */
const NotificationMessageModal = lazy(() =>
  import('./notification-message-modal').then((module) => ({
    default: module.NotificationMessageModal,
  })),
);

export type BellPlacement = 'bar' | 'menu';

interface NotificationBellProps {
  studentId: number;
  /** `bar`: the desktop header, beside the profile menu; `menu`: the phone's side menu. */
  placement: BellPlacement;
}

/**
 * The communication centre's bell (spec §2, §4; ADR 0044): the unread count on it, and a panel
 * with the entries. In the desktop header it is a disclosure (Headless UI Popover: Escape and a
 * click outside close it, the focus goes back to the bell); in the side menu it opens in place.
 * Opening an entry closes the desktop panel and shows the message; closing the message brings
 * the focus back to the bell.
 */
export function NotificationBell({ studentId, placement }: NotificationBellProps) {
  const count = useUnreadCount(studentId).data;
  const opened = useOpenNotification(studentId);
  const headingId = useId();
  const label = bellLabel(count);

  const modal = opened.notification ? (
    <Suspense fallback={null}>
      <NotificationMessageModal
        notification={opened.notification}
        isOpen={opened.isOpen}
        onClose={opened.close}
      />
    </Suspense>
  ) : null;

  if (placement === 'menu') {
    return (
      <Disclosure as="div" className="flex flex-col">
        <DisclosureButton
          aria-label={label}
          className="group flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
        >
          <BellIcon className="size-5" />
          <span aria-hidden="true" className="flex-1">
            Notificaciones
          </span>
          <UnreadBadge count={count} />
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-4 transition-transform group-data-[open]:rotate-180"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </DisclosureButton>
        <DisclosurePanel
          as="section"
          aria-labelledby={headingId}
          className="mt-1 rounded-xl border border-slate-200 bg-white"
        >
          <NotificationPanel studentId={studentId} headingId={headingId} onOpen={opened.open} />
        </DisclosurePanel>
        {modal}
      </Disclosure>
    );
  }

  return (
    <>
      <Popover className="relative">
        <PopoverButton
          aria-label={label}
          className="relative grid size-11 place-items-center rounded-lg text-slate-800 hover:bg-slate-100 data-[open]:bg-slate-100"
        >
          <BellIcon />
          <UnreadBadge count={count} className="absolute top-0.5 right-0.5" />
        </PopoverButton>
        {/* Not anchored: a portalled panel brings Headless UI's focus sentinels, aria-hidden
            buttons that axe rightly reports; in place, the tab order runs on from the bell. */}
        <PopoverPanel
          focus
          as="section"
          aria-labelledby={headingId}
          transition
          className={cn(
            'absolute top-full right-0 z-50 mt-2 w-96 max-w-[calc(100vw-1rem)] rounded-xl bg-white shadow-xl ring-1 ring-slate-900/10',
            'transition duration-150 ease-out data-[closed]:-translate-y-1 data-[closed]:opacity-0 motion-reduce:transition-none',
          )}
        >
          {({ close }) => (
            <NotificationPanel
              studentId={studentId}
              headingId={headingId}
              onOpen={(notification) => {
                // The panel closes (the focus goes back to the bell) before the message opens,
                // so the message's dialog gives the focus back to the bell when it closes.
                close();
                opened.open(notification);
              }}
              onLeave={() => close()}
            />
          )}
        </PopoverPanel>
      </Popover>
      {modal}
    </>
  );
}
