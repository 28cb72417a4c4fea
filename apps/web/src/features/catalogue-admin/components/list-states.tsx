import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/** A list that could not be read, with a way to try again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>{message}</span>
      <Button variant="secondary" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}

/**
 * An entry's "Editar" and "Borrar", each named with the entry for screen readers («el grado
 * «Grado en Derecho»»), since a list repeats them once per entry.
 */
export function EditDeleteActions({
  entry,
  onEdit,
  onDelete,
}: {
  /** The entry as the labels name it: «el campus «Espinardo»». */
  entry: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" aria-label={`Editar ${entry}`} onClick={onEdit}>
        Editar
      </Button>
      <Button variant="secondary" aria-label={`Borrar ${entry}`} onClick={onDelete}>
        Borrar
      </Button>
    </div>
  );
}

/** What an empty list says, and what can be done about it. */
export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
      <p className="max-w-md text-base text-slate-700">{children}</p>
      {action}
    </div>
  );
}

/** The count line above a list, announced politely when it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {children}
    </p>
  );
}
