import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { useResources } from '../../../entities/resource/api/get-resources';
import { useSavedResourceIds } from '../../../entities/student-favorites/api/get-favorite-resources';
import type { ResourceFilters, ResourceViewer } from '../types';
import {
  clearResourceFilters,
  countActiveResourceFilters,
  parseResourceFilters,
  toResourceListQuery,
  toResourceSearchParams,
} from '../utils/resource-filters';
import { ResourceCard } from './resource-card';
import { ResourceFilterBar } from './resource-filter-bar';

function resultsLabel(total: number): string {
  if (total === 0) return 'Ningún recurso encontrado';
  return total === 1 ? '1 recurso encontrado' : `${total} recursos encontrados`;
}

/**
 * /resources (spec §2, §3 Resource): guides and templates for each stage of a final work, as
 * cards, filtered by topic, purpose and stage and ordered by newest or most visited. The whole
 * list (filters, order, page) is the URL's query string (ADR 0041), so it can be shared and the
 * back button walks through it. Students save resources to their profile.
 */
export function ResourceCatalogue({ viewer }: { viewer: ResourceViewer }) {
  const [params, setParams] = useSearchParams();
  const filters = parseResourceFilters(params);
  const list = useResources(toResourceListQuery(filters));
  const studentId = viewer.role === 'student' ? viewer.studentId : null;
  const saved = useSavedResourceIds(studentId);
  const resultsId = useId();
  const activeCount = countActiveResourceFilters(filters);

  const go = (next: ResourceFilters) => setParams(toResourceSearchParams(next));
  const hrefFor = (page: number) => `?${toResourceSearchParams({ ...filters, page }).toString()}`;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Recursos</h1>
        <p className="max-w-3xl text-base text-slate-700">
          Guías, plantillas y consejos para cada etapa de tu TFG o TFM. Filtra por tema, finalidad o
          etapa
          {studentId !== null ? ' y guarda los que quieras tener a mano en tu perfil' : ''}.
        </p>
      </div>

      <ResourceFilterBar
        filters={filters}
        activeCount={activeCount}
        onChange={(change) => go({ ...filters, ...change })}
        onClear={() => go(clearResourceFilters(filters))}
      />

      <section aria-labelledby={resultsId} className="flex min-w-0 flex-col gap-4">
        <h2 id={resultsId} className="sr-only">
          Resultados
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {list.data ? resultsLabel(list.data.pagination.total) : ''}
        </p>

        {list.isPending ? (
          <LoadingStatus />
        ) : list.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>No se han podido cargar los recursos. Inténtalo de nuevo en unos minutos.</span>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : list.data.resources.length === 0 && filters.page > 1 ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
            <p className="max-w-md text-base text-slate-700">Esta página no tiene recursos.</p>
            <ButtonLink to={hrefFor(1)} variant="secondary">
              Ir a la primera página
            </ButtonLink>
          </div>
        ) : list.data.resources.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
            <p className="max-w-md text-base text-slate-700">
              {activeCount > 0
                ? 'No hay recursos que cumplan estos filtros. Prueba a quitar alguno.'
                : 'Todavía no hay recursos publicados. Vuelve pronto: cada curso añadimos guías y plantillas nuevas.'}
            </p>
            {activeCount > 0 ? (
              <Button variant="secondary" onClick={() => go(clearResourceFilters(filters))}>
                Quitar filtros
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <ul
              aria-busy={list.isPlaceholderData || undefined}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {list.data.resources.map((resource) => (
                <li key={resource.id}>
                  <ResourceCard
                    resource={resource}
                    studentId={studentId}
                    isSaved={saved.data?.includes(resource.id) ?? false}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={list.data.pagination.page}
              pageCount={list.data.pagination.pageCount}
              hrefFor={hrefFor}
            />
          </>
        )}
      </section>
    </div>
  );
}
