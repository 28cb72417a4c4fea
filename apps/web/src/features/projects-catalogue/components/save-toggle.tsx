import { useId, useState } from 'react';
import { showToast } from '../../../components/ui/toast';
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
 * Saves the project to the student's favourites or removes it (ADR 0035). The button says the
 * state in words, "Guardar" or "Guardado" with an empty or filled bookmark, and its name is that
 * word and the project ("Guardado: «título»"), so what is seen is what is heard and a list of them
 * can be told apart; being saved, it says that pressing it removes it. It is the card's one sign
 * of being saved. The change shows at once and is confirmed with a toast.
 */
export function SaveToggle({
  studentId,
  projectId,
  projectTitle,
  isSaved,
  className,
}: SaveToggleProps) {
  const toggle = useToggleFavorite();
  const hintId = useId();
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;
  const word = saved ? 'Guardado' : 'Guardar';

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        aria-label={`${word}: «${projectTitle}»`}
        aria-describedby={saved ? hintId : undefined}
        // Not `disabled`: the focus stays on the button while the change travels.
        aria-disabled={toggle.isPending || undefined}
        onClick={() => {
          if (toggle.isPending) return;
          const save = !saved;
          setPending(save);
          toggle.mutate(
            { studentId, projectId, save },
            {
              onSuccess: () =>
                showToast(
                  save
                    ? `Has guardado «${projectTitle}». Lo tienes en tu perfil, en «Proyectos guardados».`
                    : `Has quitado «${projectTitle}» de tus proyectos guardados.`,
                ),
              onSettled: () => setPending(null),
            },
          );
        }}
        className={cn(
          'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold transition-colors aria-disabled:opacity-70',
          saved
            ? 'border-main bg-main text-on-main hover:bg-main/90'
            : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
          className,
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          className="size-4"
        >
          <path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z" />
        </svg>
        {word}
      </button>
      <span id={hintId} hidden>
        Púlsalo para quitarlo de tus proyectos guardados.
      </span>
      {toggle.isError ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          No se ha podido guardar el cambio. Inténtalo de nuevo.
        </span>
      ) : null}
    </span>
  );
}
