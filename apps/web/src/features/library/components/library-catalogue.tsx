import { TFX_SEARCH_SORTS, type TfxSearchSort } from '@plataforma/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FacetPanel, type FacetGroupData } from '../../../components/ui/facet-panel';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { SortSelect } from '../../../components/ui/sort-select';
import { useSavedWorkIds } from '../../../entities/student-favorites/api/get-saved-works';
import { useSearchWorks } from '../api/search-works';
import type { LibraryFilters, LibraryKind, LibraryViewer } from '../types';
import { LIBRARY_FACETS, libraryFacetOptions } from '../utils/facet-labels';
import {
  clearLibraryFilters,
  countLibraryFilters,
  effectiveSort,
  isTfxFacet,
  parseLibraryFilters,
  toggleLibraryFacet,
  toLibraryApiQuery,
  toLibrarySearchParams,
} from '../utils/library-filters';
import { WorkCard } from './work-card';

const SORT_LABELS: Record<TfxSearchSort, string> = {
  relevance: 'Relevancia',
  newest: 'Más recientes',
};

/** The fallback's notice (ADR 0040). */
export const FALLBACK_NOTICE =
  'No hay resultados exactos; mostramos trabajos con palabras parecidas';

const TEXTS: Record<LibraryKind, { title: string; intro: string; empty: string }> = {
  platform: {
    title: 'Biblioteca de trabajos finales',
    intro:
      'TFG y TFM que estudiantes de la plataforma han compartido. Busca por tema o por cualquier palabra: también buscamos dentro de los documentos.',
    empty:
      'Todavía no hay trabajos publicados en la biblioteca. Vuelve pronto: cada curso se suman los de nuevos estudiantes.',
  },
  external: {
    title: 'Trabajos finales externos',
    intro:
      'TFG y TFM de otras universidades y repositorios. Ábrelos aquí o en su sitio de origen y guarda los que te sirvan.',
    empty: 'Todavía no hay trabajos externos en el repositorio. Vuelve pronto.',
  },
};

const NO_IDS: readonly number[] = [];

function resultsLabel(total: number): string {
  if (total === 0) return 'Ningún trabajo encontrado';
  return total === 1 ? '1 trabajo encontrado' : `${total} trabajos encontrados`;
}

/**
 * /tfx and /tfx/external: the library of final works. The whole search (words, facets, order,
 * page) is the URL's query string (ADR 0040), so a search can be shared and the back button walks
 * through it; the cards show where the words were found, inside the PDF too.
 */
export function LibraryCatalogue({ kind, viewer }: { kind: LibraryKind; viewer: LibraryViewer }) {
  const [params, setParams] = useSearchParams();
  const filters = parseLibraryFilters(params);
  const search = useSearchWorks(toLibraryApiQuery(filters, kind));
  const resultsId = useId();
  const activeCount = countLibraryFilters(filters);
  const texts = TEXTS[kind];
  const studentId = viewer.role === 'student' ? viewer.studentId : null;
  // The search says which works a student saved; their saved list answers when it does not.
  const savedIds = useSavedWorkIds(studentId).data ?? NO_IDS;

  function go(next: LibraryFilters) {
    setParams(toLibrarySearchParams(next));
  }
  const hrefFor = (page: number) => `?${toLibrarySearchParams({ ...filters, page }).toString()}`;

  const counts = search.data?.meta.facets;
  const groups: FacetGroupData[] = LIBRARY_FACETS.map(({ name, legend }) => ({
    name,
    legend,
    chosen: filters.facets[name],
    options: libraryFacetOptions(name, counts?.[name] ?? [], filters.facets[name]),
  }));
  const sort = effectiveSort(filters);
  const sorts = TFX_SEARCH_SORTS.filter((value) => value !== 'relevance' || filters.q !== '');

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {texts.title}
        </h1>
        <p className="max-w-3xl text-base text-slate-700">{texts.intro}</p>
      </div>

      <SearchBox
        q={filters.q}
        label="Buscar trabajos"
        hint="Busca en el título, el resumen, los temas y el texto del documento."
        onSearch={(q) => go({ ...filters, q: q.trim(), page: 1 })}
      />

      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:self-start">
          <FacetPanel
            groups={groups}
            activeCount={activeCount}
            onToggle={(name, value) => {
              if (isTfxFacet(name)) go(toggleLibraryFacet(filters, name, value));
            }}
            onClear={() => go(clearLibraryFilters())}
          />
        </div>

        <section aria-labelledby={resultsId} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={resultsId} className="text-lg font-bold text-slate-900">
              Resultados
            </h2>
            <SortSelect
              value={sort}
              options={sorts.map((value) => ({ value, label: SORT_LABELS[value] }))}
              onChange={(next) => go({ ...filters, sort: next, page: 1 })}
            />
          </div>
          <p role="status" className="text-sm text-slate-700">
            {search.data ? resultsLabel(search.data.meta.pagination.total) : ''}
          </p>

          {search.isPending ? (
            <LoadingStatus />
          ) : search.isError ? (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>No se han podido cargar los trabajos. Inténtalo de nuevo en unos minutos.</span>
              <Button variant="secondary" onClick={() => void search.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : search.data.data.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
              <p className="max-w-md text-base text-slate-700">
                {activeCount > 0
                  ? 'No hay trabajos que cumplan esta búsqueda. Prueba a quitar algún filtro o a buscar con otras palabras.'
                  : texts.empty}
              </p>
              {activeCount > 0 ? (
                <Button variant="secondary" onClick={() => go(clearLibraryFilters())}>
                  Quitar filtros
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              {search.data.meta.fallback ? <Alert>{FALLBACK_NOTICE}</Alert> : null}
              <ul
                aria-busy={search.isPlaceholderData || undefined}
                className="grid gap-4 sm:grid-cols-2"
              >
                {search.data.data.map((work) => (
                  <li key={work.id}>
                    <WorkCard
                      work={work}
                      studentId={studentId}
                      isSaved={work.attributes.saved ?? savedIds.includes(work.id)}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={search.data.meta.pagination.page}
                pageCount={search.data.meta.pagination.pageCount}
                hrefFor={hrefFor}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
