import type { ProjectStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';
import { STATUS_TONES } from '../utils/project-actions';

/** A project's status as a coloured label (the word says it; the colour only helps). */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        STATUS_TONES[status],
      )}
    >
      {status}
    </span>
  );
}
