import type { EmailStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';
import { EMAIL_STATUS_LABELS } from '../utils/outbox-query';

const TONES: Record<EmailStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  sent: 'border-green-300 bg-green-50 text-green-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
};

/** An email's state, in words (colour only repeats them). */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      {EMAIL_STATUS_LABELS[status]}
    </span>
  );
}
