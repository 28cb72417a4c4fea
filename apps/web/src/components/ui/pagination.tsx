import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/**
 * Pages to offer around the current one: the first, the last, and two on each side, with `null`
 * standing for a gap ("…").
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

const PAGE_LINK =
  'grid min-w-10 place-items-center rounded-lg border px-3 py-2 text-sm font-semibold transition-colors';
const OTHER_PAGE = 'border-slate-300 bg-white text-main-ink hover:bg-slate-100';

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
            <Link to={hrefFor(page - 1)} className={cn(PAGE_LINK, OTHER_PAGE)}>
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
                  n === page ? 'border-main bg-main text-on-main' : OTHER_PAGE,
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} className={cn(PAGE_LINK, OTHER_PAGE)}>
              Siguiente
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
