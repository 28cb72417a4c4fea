import { cn } from '../../../lib/cn';
import { formatBadgeCount } from '../utils/bell-labels';

/**
 * The unread count on the bell. Hidden from screen readers: the bell's name says the count
 * (utils/bell-labels.ts), and a change is announced by the header's live region.
 */
export function UnreadBadge({
  count,
  className,
}: {
  count: number | undefined;
  className?: string;
}) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={cn(
        'grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1.5 text-xs leading-none font-bold text-white ring-2 ring-white',
        className,
      )}
    >
      {formatBadgeCount(count)}
    </span>
  );
}
