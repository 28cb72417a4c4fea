import { useId, useState } from 'react';
import { showToast } from '../../../components/ui/toast';
import { useToggleFavoriteResource } from '../../../entities/student-favorites/api/toggle-favorite-resource';
import { cn } from '../../../lib/cn';

/** Where a student finds what they saved: the list's heading in the profile. */
export const SAVED_RESOURCES_TITLE = 'Recursos guardados';

interface SaveResourceToggleProps {
  studentId: number;
  resourceId: number;
  resourceTitle: string;
  isSaved: boolean;
  className?: string;
}

/**
 * Saves the resource to the student's favourites or removes it, as projects are saved
 * (ADR 0035): the button says "Guardar" or "Guardado" with an empty or filled bookmark, its name
 * is that word and the resource, and being saved it says that pressing it removes it. The change
 * shows at once and is confirmed with a toast.
 */
export function SaveResourceToggle({
  studentId,
  resourceId,
  resourceTitle,
  isSaved,
  className,
}: SaveResourceToggleProps) {
  const toggle = useToggleFavoriteResource();
  const hintId = useId();
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;
  const word = saved ? 'Guardado' : 'Guardar';

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        aria-label={`${word}: «${resourceTitle}»`}
        aria-describedby={saved ? hintId : undefined}
        // Not `disabled`: the focus stays on the button while the change travels.
        aria-disabled={toggle.isPending || undefined}
        onClick={() => {
          if (toggle.isPending) return;
          const save = !saved;
          setPending(save);
          toggle.mutate(
            { studentId, resourceId, save },
            {
              onSuccess: () =>
                showToast(
                  save
                    ? `Has guardado «${resourceTitle}». Lo tienes en tu perfil, en «${SAVED_RESOURCES_TITLE}».`
                    : `Has quitado «${resourceTitle}» de tus recursos guardados.`,
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
        Púlsalo para quitarlo de tus recursos guardados.
      </span>
      {toggle.isError ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          No se ha podido guardar el cambio. Inténtalo de nuevo.
        </span>
      ) : null}
    </span>
  );
}
