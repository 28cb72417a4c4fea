import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { useToggleFavorite } from '../../../entities/student-favorites/api/toggle-favorite';

interface SaveToggleProps {
  studentId: number;
  projectId: number;
  projectTitle: string;
  isSaved: boolean;
  className?: string;
}

/**
 * "Guardar": a toggle button (aria-pressed) that saves the project to the student's favourites
 * or removes it. Its name stays the same and names the project, so a list of them can be told
 * apart; the state is in aria-pressed and the filled icon.
 */
export function SaveToggle({
  studentId,
  projectId,
  projectTitle,
  isSaved,
  className,
}: SaveToggleProps) {
  const toggle = useToggleFavorite();
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const pressed = pending ?? isSaved;

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={`Guardar «${projectTitle}»`}
        disabled={toggle.isPending}
        aria-busy={toggle.isPending || undefined}
        onClick={() => {
          const save = !pressed;
          setPending(save);
          toggle.mutate({ studentId, projectId, save }, { onSettled: () => setPending(null) });
        }}
        className={cn(
          'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold transition-colors disabled:opacity-70',
          pressed
            ? 'border-main bg-main text-on-main hover:bg-main/90'
            : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
          className,
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          className="size-4"
        >
          <path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z" />
        </svg>
        Guardar
      </button>
      {toggle.isError ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          No se ha podido guardar. Inténtalo de nuevo.
        </span>
      ) : null}
    </span>
  );
}
