import { HOURS_RULE_TEXT, type ReportsOverview } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { cn } from '../../../lib/cn';
import { useReportsOverview } from '../api/get-reports-overview';
import type { ReportFilters } from '../types';
import { formatCount } from '../utils/format';

const FIGURES: { key: keyof ReportsOverview; label: string; note: string }[] = [
  { key: 'students', label: 'Estudiantes', note: 'registrados en el periodo' },
  { key: 'projects', label: 'Proyectos', note: 'creados en el periodo' },
  { key: 'applications', label: 'Candidaturas', note: 'enviadas por sus estudiantes' },
  { key: 'selections', label: 'Selecciones', note: 'candidaturas con estudiante seleccionado' },
  { key: 'hours', label: 'Horas de trabajo estudiantil', note: 'estimación, ver abajo' },
  {
    key: 'activeOrganizations',
    label: 'Organizaciones activas',
    note: 'propusieron un proyecto o seleccionaron a un estudiante',
  },
];

/** The headline figures (`GET /api/reports/overview`), each as its chart below counts it. */
export function HeadlineFigures({ filters }: { filters: ReportFilters }) {
  const overview = useReportsOverview(filters);
  if (overview.isPending) return <LoadingStatus label="Cargando las cifras clave..." />;
  if (overview.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>No se han podido cargar las cifras clave.</span>
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  const figures = overview.data.data;
  const nothing = FIGURES.every(({ key }) => figures[key] === 0);
  return (
    <div className="flex flex-col gap-3" aria-busy={overview.isPlaceholderData}>
      {nothing ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-4 text-sm text-slate-700">
          No hay actividad registrada con estos filtros: prueba con otro periodo o con todas las
          universidades.
        </p>
      ) : null}
      <dl
        className={cn(
          'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6',
          overview.isPlaceholderData && 'opacity-60',
        )}
      >
        {FIGURES.map(({ key, label, note }) => (
          <div
            key={key}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="order-first text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">
              {formatCount(figures[key])}
            </dd>
            <dd className="text-xs text-slate-600">{note}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        <span className="font-semibold">Cómo se calculan las horas. </span>
        {HOURS_RULE_TEXT}
      </p>
    </div>
  );
}
