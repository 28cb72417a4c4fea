import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useApplicationsReport } from '../api/get-applications-report';
import { useImpactReport } from '../api/get-impact-report';
import { useProjectsReport } from '../api/get-projects-report';
import { useStudentsReport } from '../api/get-students-report';
import { useUniversities } from '../api/get-universities';
import { REPORTS_ROOT } from '../api/reports-query';
import type { ReportFilters, ReportTable } from '../types';
import { describeFilters, formatCount } from '../utils/format';
import { readReportFilters, writeReportFilters } from '../utils/report-filters';
import {
  degreesTable,
  goalsTable,
  impactOdsTable,
  monthsTable,
  organizationTypesTable,
  projectOdsTable,
  projectStatusesTable,
  projectTypesTable,
  thesisStagesTable,
} from '../utils/report-tables';
import { ChartCard, chartStateOf } from './chart-card';
import { HeadlineFigures } from './headline-figures';
import { HorizontalBars, MonthlyLines } from './report-charts';
import { ReportFiltersForm } from './report-filters-form';

/** Degrees the chart draws, those with most students; the table and the CSV hold them all. */
export const DEGREE_BARS = 12;

const topDegrees = (table: ReportTable): ReportTable => ({
  ...table,
  rows: table.rows.slice(0, DEGREE_BARS),
});

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">{description}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

function StudentsSection({ filters, context }: { filters: ReportFilters; context: string }) {
  const students = useStudentsReport(filters);
  return (
    <Section
      title="Estudiantes"
      description="Estudiantes de la universidad que se registraron en el periodo, según lo que dicen hoy sus perfiles."
    >
      <ChartCard
        title="Estudiantes por titulación"
        description={`El gráfico muestra las ${DEGREE_BARS} con más estudiantes; la tabla y el CSV, todas. Una titulación que se imparte en varios campus cuenta una vez.`}
        state={chartStateOf(students, degreesTable)}
        chart={(table) => <HorizontalBars table={topDegrees(table)} />}
        fileContext={context}
        wide
      />
      <ChartCard
        title="Estudiantes por fase del TFG/TFM"
        state={chartStateOf(students, thesisStagesTable)}
        chart={(table) => <HorizontalBars table={table} />}
        fileContext={context}
      />
      <ChartCard
        title="Estudiantes por objetivo"
        state={chartStateOf(students, goalsTable)}
        chart={(table) => <HorizontalBars table={table} />}
        fileContext={context}
      />
    </Section>
  );
}

function ProjectsSection({ filters, context }: { filters: ReportFilters; context: string }) {
  const projects = useProjectsReport(filters);
  return (
    <Section
      title="Proyectos"
      description="Proyectos creados en el periodo cuyo campus es de la universidad, con su estado de hoy."
    >
      <ChartCard
        title="Proyectos por estado"
        state={chartStateOf(projects, projectStatusesTable)}
        chart={(table) => <HorizontalBars table={table} />}
        fileContext={context}
      />
      <ChartCard
        title="Proyectos por tipo"
        state={chartStateOf(projects, projectTypesTable)}
        chart={(table) => <HorizontalBars table={table} />}
        fileContext={context}
      />
      <ChartCard
        title="Proyectos por tipo de organización"
        state={chartStateOf(projects, organizationTypesTable)}
        chart={(table) => (
          <HorizontalBars table={{ ...table, rows: table.rows.filter((row) => row.values[0]) }} />
        )}
        fileContext={context}
      />
      <ChartCard
        title="Proyectos por ODS"
        description="Un proyecto cuenta en cada ODS que declara."
        state={chartStateOf(projects, projectOdsTable)}
        chart={(table) => <HorizontalBars table={table} />}
        fileContext={context}
      />
    </Section>
  );
}

function ApplicationsSection({ filters, context }: { filters: ReportFilters; context: string }) {
  const applications = useApplicationsReport(filters);
  const totals = applications.data?.data;
  return (
    <Section
      title="Candidaturas y selecciones"
      description="Candidaturas que enviaron los estudiantes de la universidad en el periodo, por mes de envío. Una selección cuenta en el mes de su candidatura."
    >
      <ChartCard
        title="Candidaturas y selecciones por mes"
        description={
          totals
            ? `${formatCount(totals.applications)} candidaturas, ${formatCount(totals.selections)} con estudiante seleccionado.`
            : undefined
        }
        state={chartStateOf(applications, monthsTable)}
        chart={(table) => <MonthlyLines table={table} />}
        fileContext={context}
        wide
      />
    </Section>
  );
}

function ImpactSection({ filters, context }: { filters: ReportFilters; context: string }) {
  const impact = useImpactReport(filters);
  const figures = impact.data?.data;
  return (
    <Section
      title="Impacto por ODS"
      description="Por cada Objetivo de Desarrollo Sostenible: los proyectos que lo declaran, los estudiantes seleccionados para ellos y las horas de trabajo estimadas."
    >
      <ChartCard
        title="Horas de trabajo estudiantil por ODS"
        description={
          figures
            ? `${formatCount(figures.hours)} horas en total de ${formatCount(figures.selections)} selecciones${
                figures.selectionsWithoutDedication > 0
                  ? ` (${formatCount(figures.selectionsWithoutDedication)} en proyectos sin dedicación indicada, que no suman horas)`
                  : ''
              }; ${formatCount(figures.activeOrganizations)} organizaciones activas. Un proyecto cuenta en cada ODS que declara.`
            : undefined
        }
        state={chartStateOf(impact, impactOdsTable)}
        chart={(table) => (
          <HorizontalBars
            table={{
              ...table,
              columns: [table.columns[0] ?? '', table.columns[3] ?? ''],
              rows: table.rows.map((row) => ({ ...row, values: [row.values[2] ?? 0] })),
            }}
          />
        )}
        fileContext={context}
        wide
      />
    </Section>
  );
}

/**
 * `/admin/informes` (ADR 0049): the figures a university reports, for a university and a period
 * kept in the address: the headline figures, then students, projects, applications over time and
 * the impact by ODS, each chart with its table and its CSV.
 */
export function ReportsDashboard() {
  const [params, setParams] = useSearchParams();
  const filters = readReportFilters(params);
  const universities = useUniversities();
  const queryClient = useQueryClient();
  const universityName =
    universities.data?.find((university) => university.id === filters.university)?.name ?? null;
  const context = describeFilters(filters, universityName);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Informes de impacto
          </h1>
          <p className="max-w-3xl text-base text-slate-700">
            Las cifras que la universidad presenta: estudiantes, proyectos, candidaturas, horas de
            trabajo y organizaciones, para la universidad y el periodo que elijas. Cada gráfico se
            puede ver como tabla y descargar en CSV.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] })}
        >
          Actualizar cifras
        </Button>
      </div>
      <ReportFiltersForm
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(writeReportFilters(next))}
      />
      <p role="status" className="text-base font-semibold text-slate-900">
        {context}
      </p>
      <section aria-label="Cifras clave" className="flex flex-col gap-3">
        <HeadlineFigures filters={filters} />
      </section>
      <StudentsSection filters={filters} context={context} />
      <ProjectsSection filters={filters} context={context} />
      <ApplicationsSection filters={filters} context={context} />
      <ImpactSection filters={filters} context={context} />
    </div>
  );
}
