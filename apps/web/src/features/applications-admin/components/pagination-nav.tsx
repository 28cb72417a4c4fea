import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import type { Pagination } from '../types';

interface PaginationNavProps {
  pagination: Pagination;
  /** The link to a page (keeps the other search parameters). */
  hrefOf: (page: number) => string;
  label: string;
}

/**
 * "Anterior" / "Siguiente" and where we are, from Strapi's pagination meta. Links, so a page can
 * be shared and Back returns to it; the ends are shown as text, not as dead links.
 */
export function PaginationNav({ pagination, hrefOf, label }: PaginationNavProps) {
  const { page, pageCount } = pagination;
  if (pageCount <= 1) return null;
  const inactive = 'inline-flex items-center px-5 py-2.5 text-sm text-slate-500';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={buttonClasses('secondary')}>
          Anterior
        </Link>
      ) : (
        <span className={inactive}>Anterior</span>
      )}
      <p className="text-sm text-slate-700">
        Página {page} de {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={buttonClasses('secondary')}>
          Siguiente
        </Link>
      ) : (
        <span className={inactive}>Siguiente</span>
      )}
    </nav>
  );
}
