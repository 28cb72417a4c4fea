import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';

/** Lower case without accents, for searching. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface ChecklistGroup {
  label: string;
  options: readonly string[];
}

interface ChecklistFieldProps {
  /** The fieldset's legend. */
  label: string;
  hint?: string;
  /** The options, in headed groups (the interest themes) or one group without a heading. */
  groups: readonly ChecklistGroup[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** Id of the search box (the first control), to move the focus here. */
  id?: string;
}

/**
 * Several labels chosen from a long list (a resource's topics or purposes): what is chosen shows
 * first as buttons that remove it, then a search box narrows a scrolling list of checkboxes. All
 * of it is native controls in one fieldset, so keyboards and screen readers know it; nothing is
 * offered that the lists do not hold ("Otra" has no place here).
 */
export function ChecklistField({
  label,
  hint,
  groups,
  value,
  onChange,
  error,
  id,
}: ChecklistFieldProps) {
  const ids = useId();
  const searchId = id ?? `${ids}-search`;
  const [search, setSearch] = useState('');
  const wanted = fold(search.trim());
  const known = new Set(groups.flatMap((group) => group.options));
  // A stored label no list holds any more stays choosable, first.
  const extra = value.filter((chosen) => !known.has(chosen));
  const shown = [...(extra.length > 0 ? [{ label: '', options: extra }] : []), ...groups]
    .map((group) => ({
      ...group,
      options: group.options.filter((option) => wanted === '' || fold(option).includes(wanted)),
    }))
    .filter((group) => group.options.length > 0);
  const describedBy = [hint ? `${ids}-hint` : null, error ? `${ids}-error` : null]
    .filter(Boolean)
    .join(' ');

  const toggle = (option: string, isChecked: boolean) =>
    onChange(isChecked ? [...value, option] : value.filter((chosen) => chosen !== option));

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy || undefined}>
      <legend className="text-sm font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-600">(opcional)</span>
      </legend>
      {hint ? (
        <p id={`${ids}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ul aria-label={`${label} elegidos`} className="flex flex-wrap gap-1.5">
          {value.map((chosen) => (
            <li key={chosen}>
              <button
                type="button"
                onClick={() => toggle(chosen, false)}
                aria-label={`Quitar ${chosen}`}
                className="inline-flex items-center gap-1 rounded-full bg-main px-2.5 py-1 text-xs font-semibold text-on-main hover:bg-main/90"
              >
                {chosen}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  className="size-3.5"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={searchId} className="sr-only">
        Buscar en {label.toLowerCase()}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        placeholder="Buscar…"
        onChange={(event) => setSearch(event.target.value)}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
      />
      <div
        className={cn(
          'max-h-64 overflow-y-auto rounded-lg border bg-white p-3',
          error ? 'border-red-700' : 'border-slate-300',
        )}
      >
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600">No se encontraron resultados</p>
        ) : (
          shown.map((group) => (
            <div key={group.label || 'sin-grupo'} className="flex flex-col gap-1.5 pb-2">
              {group.label ? (
                <p className="text-xs font-bold tracking-wide text-slate-600 uppercase">
                  {group.label}
                </p>
              ) : null}
              {group.options.map((option) => (
                <label
                  key={option}
                  className="inline-flex items-start gap-2 text-sm text-slate-900"
                >
                  <input
                    type="checkbox"
                    checked={value.includes(option)}
                    onChange={(event) => toggle(option, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-main"
                  />
                  {option}
                </label>
              ))}
            </div>
          ))
        )}
      </div>
      {error ? (
        <p id={`${ids}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
