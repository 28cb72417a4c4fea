import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useApplications } from '../../../entities/application/api/get-applications';
import { useExportApplications } from '../api/export-applications';
import type { ApplicationFilters } from '../types';
import {
  hasFilters,
  PAGE_PARAM,
  readFilters,
  readPage,
  toStrapiFilters,
  writeFilters,
} from '../utils/application-filters';
import { countLabel } from '../utils/format';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsTable } from './applications-table';
import { PaginationNav } from './pagination-nav';

/**
 * /projects/applys (spec §2, admins): every application, filtered by status, project,
 * organisation, university, degree and date (kept in the URL), a page at a time, and exported
 * as CSV with the same filters (ADR 0029).
 */
export function ApplicationsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const page = readPage(searchParams);
  const list = useApplications(toStrapiFilters(filters), page);
  const exporter = useExportApplications();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const apply = (next: ApplicationFilters) => {
    setSearchParams(writeFilters(next));
    exporter.reset();
    // Take keyboard and screen-reader users to what the filters found.
    resultsRef.current?.focus();
  };

  const hrefOf = (target: number) => {
    const params = writeFilters(filters);
    if (target > 1) params.set(PAGE_PARAM, String(target));
    return `?${params}`;
  };

  const total = list.data?.pagination.total;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Candidaturas
        </h1>
        <p className="text-base text-slate-700">
          Todas las candidaturas de la plataforma. Filtra por estado, proyecto, organización,
          universidad, titulación o fecha y exporta el resultado.
        </p>
      </header>

      <ApplicationsFilters key={searchParams.toString()} filters={filters} onApply={apply} />

      <section aria-labelledby="candidaturas-resultados" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id="candidaturas-resultados"
            ref={resultsRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900"
          >
            Resultados
            {total !== undefined ? ` (${countLabel(total, 'candidatura', 'candidaturas')})` : null}
          </h2>
          <Button
            variant="secondary"
            isPending={exporter.isPending}
            onClick={() =>
              exporter.mutate(filters, {
                onSuccess: () => showToast('Se ha descargado el archivo CSV de las candidaturas.'),
              })
            }
          >
            {exporter.isPending ? 'Exportando...' : 'Exportar CSV'}
          </Button>
        </div>
        {exporter.isError ? (
          <Alert tone="error">
            {exporter.error instanceof ApiError && exporter.error.isClientError
              ? exporter.error.message
              : 'No se ha podido exportar. Inténtalo de nuevo en unos minutos.'}
          </Alert>
        ) : null}

        {list.isPending ? (
          <LoadingStatus />
        ) : list.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>
              No se han podido cargar las candidaturas. Inténtalo de nuevo en unos minutos.
            </span>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : list.data.applications.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center text-base text-slate-700">
            {hasFilters(filters)
              ? 'No hay candidaturas que cumplan estos filtros. Prueba a quitar alguno.'
              : 'Todavía no hay candidaturas en la plataforma.'}
          </p>
        ) : (
          <>
            <ApplicationsTable
              applications={list.data.applications}
              caption={`Candidaturas, página ${list.data.pagination.page} de ${Math.max(list.data.pagination.pageCount, 1)}`}
            />
            <PaginationNav
              pagination={list.data.pagination}
              hrefOf={hrefOf}
              label="Páginas de candidaturas"
            />
          </>
        )}
      </section>
    </div>
  );
}
