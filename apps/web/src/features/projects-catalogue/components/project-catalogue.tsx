import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSearchProjects } from '../../../entities/project/api/search-projects';
import type { CatalogueFilters, CatalogueViewer, FacetName } from '../types';
import {
  clearFilters,
  countActiveFilters,
  parseFilters,
  toApiQuery,
  toggleFacetValue,
  toSearchParams,
} from '../utils/catalogue-filters';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { SortSelect } from './catalogue-controls';
import { FacetPanel } from './facet-panel';
import { ProjectCard } from './project-card';
import { RecommendedProjects } from './recommended-projects';

function resultsLabel(total: number): string {
  if (total === 0) return 'Ningún proyecto encontrado';
  return total === 1 ? '1 proyecto encontrado' : `${total} proyectos encontrados`;
}

/**
 * /projects: the catalogue. The whole search (text, facets, locality, sort, page) is the URL's
 * query string (ADR 0027), so a search can be shared and the back button walks through it.
 */
export function ProjectCatalogue({ viewer }: { viewer: CatalogueViewer }) {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const isAdmin = viewer.role === 'admin';
  const query = toApiQuery(filters, { isAdmin });
  const search = useSearchProjects(query);
  const resultsId = useId();
  const activeCount = countActiveFilters(filters);

  function go(next: CatalogueFilters) {
    setParams(toSearchParams(next));
  }
  const hrefFor = (page: number) => `?${toSearchParams({ ...filters, page }).toString()}`;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Proyectos</h1>
        <p className="max-w-3xl text-base text-slate-700">
          {isAdmin
            ? 'Todos los proyectos de la plataforma, en cualquier estado. Abre uno para validarlo, publicarlo o retirarlo.'
            : 'Proyectos de impacto social y TFG/TFM de organizaciones y docentes. Filtra por lo que te interesa y guarda los que quieras revisar.'}
        </p>
      </div>

      <SearchBox
        q={filters.q}
        label="Buscar proyectos"
        hint="Busca en el título, la descripción y las etiquetas."
        onSearch={(q) =>
          go({
            ...filters,
            q: q.trim(),
            page: 1,
            sort: !q.trim() && filters.sort === 'relevance' ? 'recent' : filters.sort,
          })
        }
      />

      {viewer.role === 'student' &&
      viewer.studentId !== null &&
      activeCount === 0 &&
      filters.page === 1 ? (
        <RecommendedProjects studentId={viewer.studentId} />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:self-start">
          <FacetPanel
            filters={filters}
            counts={search.data?.facets ?? {}}
            isAdmin={isAdmin}
            activeCount={activeCount}
            onToggle={(name: FacetName, value: string) =>
              go(toggleFacetValue(filters, name, value))
            }
            onLocality={(locality) => go({ ...filters, locality: locality.trim(), page: 1 })}
            onClear={() => go(clearFilters(filters))}
          />
        </div>

        <section aria-labelledby={resultsId} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={resultsId} className="text-lg font-bold text-slate-900">
              Resultados
            </h2>
            <SortSelect
              sort={filters.sort}
              hasText={filters.q !== ''}
              onSort={(sort) => go({ ...filters, sort, page: 1 })}
            />
          </div>
          <p role="status" className="text-sm text-slate-700">
            {search.data ? resultsLabel(search.data.pagination.total) : ''}
          </p>

          {search.isPending ? (
            <LoadingStatus />
          ) : search.isError ? (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>
                No se han podido cargar los proyectos. Inténtalo de nuevo en unos minutos.
              </span>
              <Button variant="secondary" onClick={() => void search.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : search.data.projects.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
              <p className="max-w-md text-base text-slate-700">
                {activeCount > 0
                  ? 'No hay proyectos que cumplan estos filtros. Prueba a quitar alguno o a buscar con otras palabras.'
                  : 'Todavía no hay proyectos publicados. Vuelve pronto: las organizaciones y los docentes publican nuevos proyectos cada semana.'}
              </p>
              {activeCount > 0 ? (
                <Button variant="secondary" onClick={() => go(clearFilters(filters))}>
                  Quitar filtros
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ul
                aria-busy={search.isPlaceholderData || undefined}
                className="grid gap-4 sm:grid-cols-2"
              >
                {search.data.projects.map((project) => (
                  <li key={project.id}>
                    <ProjectCard
                      project={project}
                      studentId={viewer.role === 'student' ? viewer.studentId : null}
                      showStatus={isAdmin}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={search.data.pagination.page}
                pageCount={search.data.pagination.pageCount}
                hrefFor={hrefFor}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
