import type { ApplicationStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';

/** ADR 0003 application statuses, shown as they are (already Spanish), each with its colour. */
const TONES: Record<ApplicationStatus, string> = {
  Enviada: 'bg-slate-100 text-slate-800 ring-slate-300',
  'En revisión': 'bg-sky-50 text-sky-900 ring-sky-200',
  Preseleccionado: 'bg-amber-50 text-amber-900 ring-amber-200',
  Seleccionado: 'bg-green-50 text-green-900 ring-green-200',
  Suplente: 'bg-violet-50 text-violet-900 ring-violet-200',
  'No seleccionado': 'bg-red-50 text-red-900 ring-red-200',
  Retirada: 'bg-zinc-100 text-zinc-700 ring-zinc-300',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset',
        TONES[status] ?? TONES.Enviada,
      )}
    >
      <span className="sr-only">Estado: </span>
      {status}
    </span>
  );
}
