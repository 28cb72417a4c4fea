import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../../../entities/notification/api/get-unread-count';
import { useMarkAllNotificationsRead } from '../../../entities/notification/api/mark-all-read';
import { showToast } from '../../../components/ui/toast';

export const MARK_ALL_READ_LABEL = 'Marcar todas como leídas';
export const ALL_READ_MESSAGE = 'Todas tus notificaciones están marcadas como leídas.';

/**
 * "Marcar todas como leídas" (ADR 0044), in the bell's panel and in the profile. With nothing
 * unread it stays in place, focusable but inert (`aria-disabled`): a button that vanished or
 * became `disabled` under the focus would drop it to the page, and close the bell's panel.
 */
export function MarkAllReadButton({
  studentId,
  className,
}: {
  studentId: number;
  className?: string;
}) {
  const count = useUnreadCount(studentId).data;
  const markAll = useMarkAllNotificationsRead(studentId);
  const isInert = !count || markAll.isPending;
  return (
    <button
      type="button"
      aria-disabled={isInert}
      onClick={() => {
        if (isInert) return;
        markAll.mutate(undefined, { onSuccess: () => showToast(ALL_READ_MESSAGE) });
      }}
      className={cn(
        'rounded-md px-2 py-1 text-sm font-semibold underline-offset-4',
        isInert ? 'cursor-default text-slate-500' : 'text-main-ink hover:underline',
        className,
      )}
    >
      {MARK_ALL_READ_LABEL}
    </button>
  );
}
