import { useId } from 'react';
import { cn } from '../../lib/cn';

interface SaveToggleButtonProps {
  /** Saved now (as shown: the change may still be travelling). */
  isSaved: boolean;
  /** The title of what is saved, in the button's name. */
  itemTitle: string;
  /** Said to screen readers on a saved item: pressing removes it from which list. */
  removeHint: string;
  /** A change is travelling: a press is ignored. */
  isPending: boolean;
  /** The last change failed. */
  hasFailed: boolean;
  onToggle: () => void;
  className?: string;
}

/**
 * The save button of a card or a page (ADR 0035): it says the state in words, "Guardar" or
 * "Guardado" with an empty or filled bookmark, and its name is that word and the item
 * ("Guardado: «título»"), so what is seen is what is heard and a list of them can be told apart;
 * being saved, it says that pressing it removes it. What it saves is its caller's business.
 */
export function SaveToggleButton({
  isSaved,
  itemTitle,
  removeHint,
  isPending,
  hasFailed,
  onToggle,
  className,
}: SaveToggleButtonProps) {
  const hintId = useId();
  const word = isSaved ? 'Guardado' : 'Guardar';
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        aria-label={`${word}: «${itemTitle}»`}
        aria-describedby={isSaved ? hintId : undefined}
        // Not `disabled`: the focus stays on the button while the change travels.
        aria-disabled={isPending || undefined}
        onClick={() => {
          if (!isPending) onToggle();
        }}
        className={cn(
          'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold transition-colors aria-disabled:opacity-70',
          isSaved
            ? 'border-main bg-main text-on-main hover:bg-main/90'
            : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
          className,
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill={isSaved ? 'currentColor' : 'none'}
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
        {removeHint}
      </span>
      {hasFailed ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          No se ha podido guardar el cambio. Inténtalo de nuevo.
        </span>
      ) : null}
    </span>
  );
}
