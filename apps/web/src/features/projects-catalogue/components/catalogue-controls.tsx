import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { SORTS, type CatalogueSort } from '../types';
import { pageWindow } from '../utils/catalogue-filters';

const INPUT =
  'block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500';

/** The text search: over title, description and tags, sent with "Buscar" (one history entry). */
export function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value : '');
  }
  return (
    <form role="search" key={q} onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Buscar proyectos
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          aria-describedby={`${id}-hint`}
          className={INPUT}
        />
        <Button type="submit">Buscar</Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Busca en el título, la descripción y las etiquetas.
      </p>
    </form>
  );
}

export const SORT_LABELS: Record<CatalogueSort, string> = {
  recent: 'Más recientes',
  title: 'Título (A-Z)',
  deadline: 'Fin de inscripción más próximo',
  relevance: 'Relevancia',
};

/** The order of the results; "Relevancia" only makes sense with a text search. */
export function SortSelect({
  sort,
  hasText,
  onSort,
}: {
  sort: CatalogueSort;
  hasText: boolean;
  onSort: (sort: CatalogueSort) => void;
}) {
  const id = useId();
  const offered = SORTS.filter((value) => value !== 'relevance' || hasText || sort === value);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-slate-900">
        Ordenar por
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onSort(event.target.value as CatalogueSort)}
        className={cn(INPUT, 'w-auto py-1.5')}
      >
        {offered.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

const PAGE_LINK =
  'grid min-w-10 place-items-center rounded-lg border px-3 py-2 text-sm font-semibold transition-colors';

/**
 * Page links (real links, so each page has its URL): previous, numbered pages with gaps, next;
 * the current page is marked with aria-current="page".
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginación" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link
              to={hrefFor(page - 1)}
              className={cn(
                PAGE_LINK,
                'border-slate-300 bg-white text-main-ink hover:bg-slate-100',
              )}
            >
              Anterior
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Página ${n}`}
                className={cn(
                  PAGE_LINK,
                  n === page
                    ? 'border-main bg-main text-on-main'
                    : 'border-slate-300 bg-white text-main-ink hover:bg-slate-100',
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={hrefFor(page + 1)}
              className={cn(
                PAGE_LINK,
                'border-slate-300 bg-white text-main-ink hover:bg-slate-100',
              )}
            >
              Siguiente
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
