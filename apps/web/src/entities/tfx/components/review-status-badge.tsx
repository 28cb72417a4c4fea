import { TFX_REVIEW_STATUS_LABELS, type TfxReviewStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';

const TONES: Record<TfxReviewStatus, string> = {
  pending: 'bg-sky-50 text-sky-900 ring-sky-200',
  published: 'bg-green-50 text-green-900 ring-green-200',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
};

/**
 * Where a student's own work stands in the staff review (ADR 0036): "Pendiente de revisión",
 * "Publicado" or "Rechazado".
 */
export function ReviewStatusBadge({ status }: { status: TfxReviewStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset',
        TONES[status] ?? TONES.pending,
      )}
    >
      <span className="sr-only">Estado: </span>
      {TFX_REVIEW_STATUS_LABELS[status] ?? TFX_REVIEW_STATUS_LABELS.pending}
    </span>
  );
}
