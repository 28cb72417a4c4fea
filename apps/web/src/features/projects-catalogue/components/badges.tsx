import type { ReactNode } from 'react';
import type { ProjectStatus } from '@plataforma/shared';
import { cn } from '../../../lib/cn';

const BADGE =
  'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * A small label on a card: "Inscrito". Saved projects have none: their save button says
 * "Guardado" (ADR 0035), one sign instead of two.
 */
export function Badge({ tone, children }: { tone: 'applied'; children: ReactNode }) {
  return (
    <span className={cn(BADGE, tone === 'applied' && 'bg-green-50 text-green-900 ring-green-300')}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<ProjectStatus, string> = {
  Pendiente: 'bg-slate-100 text-slate-800 ring-slate-300',
  'Por validar': 'bg-sky-50 text-sky-900 ring-sky-200',
  Validada: 'bg-violet-50 text-violet-900 ring-violet-200',
  Publicada: 'bg-green-50 text-green-900 ring-green-200',
  Rechazada: 'bg-red-50 text-red-900 ring-red-200',
  Terminada: 'bg-zinc-100 text-zinc-700 ring-zinc-300',
};

/** A project's workflow status (ADR 0003 values, already Spanish); admins see it on cards. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className={cn(BADGE, STATUS_TONES[status] ?? STATUS_TONES.Pendiente)}>
      <span className="sr-only">Estado: </span>
      {status}
    </span>
  );
}
