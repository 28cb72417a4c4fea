import type { AnnouncementStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';
import { STATUS_LABELS } from '../utils/labels';

const TONES: Record<AnnouncementStatus, string> = {
  scheduled: 'border-sky-300 bg-sky-50 text-sky-900',
  sending: 'border-amber-300 bg-amber-50 text-amber-900',
  sent: 'border-green-300 bg-green-50 text-green-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-800',
};

/** An announcement's state, in words (colour only repeats them). */
export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      <span className="sr-only">Estado: </span>
      {STATUS_LABELS[status]}
    </span>
  );
}
