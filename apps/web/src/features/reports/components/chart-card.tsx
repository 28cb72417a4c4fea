import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { cn } from '../../../lib/cn';
import type { ReportTable } from '../types';
import { downloadText, fileSlug, toCsv } from '../utils/csv';
import { csvRows, isEmptyTable } from '../utils/report-tables';
import { ReportTableView } from './report-table';

/** The card's own small buttons: two side by side even at 360 px; pressed, the brand's tint. */
const TOOL =
  'inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 aria-pressed:border-main aria-pressed:bg-main/10';

/** Where a chart's numbers are: loading, failed (with a way to ask again) or here. */
export type ChartState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; table: ReportTable; isUpdating: boolean };

interface ChartCardProps {
  title: string;
  description?: ReactNode;
  state: ChartState;
  /** Draws the chart of the table. */
  chart: (table: ReportTable) => ReactNode;
  /** What the figures are about (university and period), for the CSV's name. */
  fileContext: string;
  /** Wider cards take the whole row of the grid. */
  wide?: boolean;
}

/**
 * One chart of the dashboard with its two other views (ADR 0049): the table (shown with "Ver como
 * tabla"; always there for screen readers, who never get the picture) and a CSV of the same
 * numbers made in the browser. Loading, failure and "nothing to count" are the card's own.
 */
export function ChartCard({ title, description, state, chart, fileContext, wide }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const ready = state.status === 'ready' ? state : null;
  const empty = ready !== null && isEmptyTable(ready.table);

  function downloadCsv() {
    if (!ready) return;
    const day = new Date().toISOString().slice(0, 10);
    downloadText(
      `${fileSlug(`${title} ${fileContext}`)}-${day}.csv`,
      toCsv(ready.table.columns, csvRows(ready.table)),
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={ready?.isUpdating ?? state.status === 'pending'}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
        wide && 'lg:col-span-2',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          {description ? <p className="text-sm text-slate-700">{description}</p> : null}
        </div>
        {ready && !empty ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={TOOL}
              aria-pressed={asTable}
              onClick={() => setAsTable((shown) => !shown)}
            >
              Ver como tabla
            </button>
            <button
              type="button"
              className={TOOL}
              aria-label={`Descargar CSV: ${title}`}
              onClick={downloadCsv}
            >
              Descargar CSV
            </button>
          </div>
        ) : null}
      </div>
      {state.status === 'pending' ? (
        <LoadingStatus label={`Cargando «${title}»...`} />
      ) : state.status === 'error' ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se han podido cargar estas cifras.</span>
          <Button variant="secondary" onClick={state.retry}>
            Reintentar
          </Button>
        </Alert>
      ) : empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-sm text-slate-700">
          No hay nada que contar con estos filtros.
        </p>
      ) : (
        <div className={cn('flex flex-col gap-3', state.isUpdating && 'opacity-60')}>
          {asTable ? null : <div aria-hidden="true">{chart(state.table)}</div>}
          <ReportTableView
            caption={title}
            table={state.table}
            className={asTable ? undefined : 'sr-only'}
          />
        </div>
      )}
    </section>
  );
}

/** A query of a report as a card's state, its answer made a table by `toTable`. */
export function chartStateOf<T>(
  query: {
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    data: { data: T } | undefined;
    refetch: () => unknown;
  },
  toTable: (data: T) => ReportTable,
): ChartState {
  if (query.isPending) return { status: 'pending' };
  if (query.isError || query.data === undefined) {
    return { status: 'error', retry: () => void query.refetch() };
  }
  return { status: 'ready', table: toTable(query.data.data), isUpdating: query.isPlaceholderData };
}
