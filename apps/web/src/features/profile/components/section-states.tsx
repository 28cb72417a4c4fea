import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/** What a section shows when it has nothing yet: a friendly line and, maybe, where to go next. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
      <p className="max-w-md text-base text-slate-700">{children}</p>
      {action}
    </div>
  );
}

/** A section whose data did not load, with a way to try again. */
export function SectionError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>No se ha podido cargar esta sección. Inténtalo de nuevo en unos minutos.</span>
      <Button variant="secondary" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}

/** The white card every part of the profile page sits in. */
export function ProfileCard({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-7 ${className}`}
    >
      {children}
    </section>
  );
}
