import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SEARCH_INPUT_CLASSES } from '../../../components/ui/search-box';
import { Spinner } from '../../../components/ui/spinner';
import type { FormOption, FormValues, GetOptions } from '../../../forms/types';
import { ANNOUNCEMENTS_ROOT } from '../api/get-announcements';
import type { ChosenOption } from '../types';

/** Quiet time before a search is sent (spec §9's combobox debounce). */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const toChosen = (option: FormOption): ChosenOption =>
  typeof option === 'string'
    ? { value: option, label: option }
    : { value: option.value, label: option.label };

/** Enter in a search box inside the message form searches; it never sends the communication. */
const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

interface OptionSearchProps {
  /** What is chosen, named ("Universidad"): the group's name. */
  label: string;
  /** Names the queries of this list. */
  name: string;
  getOptions: GetOptions;
  /** The values a dependent fetcher reads (the university of the campuses). */
  parentValues?: FormValues;
  isMultiple: boolean;
  value: ChosenOption[];
  onChange: (value: ChosenOption[]) => void;
}

/**
 * Choices of an audience from a list searched on the server (catalogue entries, projects) or a
 * long local one (provinces), ADR 0046: what is chosen first, as buttons that remove it, then a
 * search box and a page of native checkboxes (radio buttons for a single choice), with "Mostrar
 * más" for the next page. The form engine's comboboxes are for profiles: they always offer
 * "Otra" (spec §4), which has no meaning in a filter.
 */
export function OptionSearch({
  label,
  name,
  getOptions,
  parentValues = {},
  isMultiple,
  value,
  onChange,
}: OptionSearchProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useInfiniteQuery({
    queryKey: [ANNOUNCEMENTS_ROOT, 'options', name, parentValues, debounced],
    queryFn: ({ pageParam, signal }) =>
      getOptions({ search: debounced, page: pageParam, values: parentValues, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  const options = (pages.data?.pages ?? []).flatMap((page) => page.options.map(toChosen));
  const chosen = new Set(value.map((option) => option.value));

  const toggle = (option: ChosenOption, isChecked: boolean) => {
    if (!isMultiple) onChange(isChecked ? [option] : []);
    else if (isChecked) onChange([...value, option]);
    else onChange(value.filter((entry) => entry.value !== option.value));
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {value.length > 0 ? (
        <ul aria-label={`${label}: elegidas`} className="flex flex-wrap gap-1.5">
          {value.map((option) => (
            <li key={option.value}>
              <button
                type="button"
                onClick={() => toggle(option, false)}
                aria-label={`Quitar ${option.label}`}
                className="inline-flex items-center gap-1 rounded-full bg-main px-2.5 py-1 text-left text-xs font-semibold text-on-main hover:bg-main/90"
              >
                {option.label}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  className="size-3.5 shrink-0"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${ids}-search`} className="sr-only">
        Buscar en {label.toLowerCase()}
      </label>
      <input
        id={`${ids}-search`}
        type="search"
        value={search}
        placeholder="Buscar…"
        autoComplete="off"
        onKeyDown={keepEnter}
        onChange={(event) => setSearch(event.target.value)}
        className={SEARCH_INPUT_CLASSES}
      />
      <div className="max-h-64 overflow-y-auto rounded-lg border border-slate-300 bg-white p-3">
        {pages.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" />
            Cargando...
          </p>
        ) : pages.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
            No se han podido cargar las opciones.
            <Button variant="secondary" onClick={() => void pages.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : options.length === 0 ? (
          <p className="text-sm text-slate-600">No se encontraron resultados</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {options.map((option) => (
              <li key={option.value}>
                <label className="inline-flex items-start gap-2 text-sm text-slate-900">
                  <input
                    type={isMultiple ? 'checkbox' : 'radio'}
                    name={isMultiple ? undefined : `${ids}-choice`}
                    checked={chosen.has(option.value)}
                    onChange={(event) => toggle(option, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-main"
                  />
                  {option.label}
                </label>
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage ? (
          <Button
            variant="secondary"
            className="mt-3"
            isPending={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Mostrar más
          </Button>
        ) : null}
      </div>
    </div>
  );
}
