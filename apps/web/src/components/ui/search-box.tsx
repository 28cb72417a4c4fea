import { useId, type FormEvent } from 'react';
import { Button } from './button';

export const SEARCH_INPUT_CLASSES =
  'block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500';

interface SearchBoxProps {
  /** The words searched now (the URL's `q`). */
  q: string;
  /** The field's label ("Buscar proyectos"). */
  label: string;
  /** Where the words are looked for, under the field. */
  hint: string;
  onSearch: (q: string) => void;
}

/**
 * A text search sent with "Buscar" (one history entry per search, not one per key). Keyed by `q`,
 * so going back in history shows the words of that search.
 */
export function SearchBox({ q, label, hint, onSearch }: SearchBoxProps) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value : '');
  }
  return (
    <form role="search" key={q} onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          aria-describedby={`${id}-hint`}
          className={SEARCH_INPUT_CLASSES}
        />
        {/* Before the scripts run, the browser sends it as `?q=…` to this page, which the
            server draws with the results (ADR 0060). */}
        <Button type="submit" worksWithoutScripts>
          Buscar
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    </form>
  );
}
