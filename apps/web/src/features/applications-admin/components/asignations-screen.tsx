import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useApplications } from '../../../entities/application/api/get-applications';
import { useUpdateApplication } from '../../../entities/application/api/update-application';
import type { AdminApplication } from '../../../entities/application/types';
import type { TeacherOption } from '../types';
import { PAGE_PARAM, readPage } from '../utils/application-filters';
import { countLabel, formatDay } from '../utils/format';
import { PaginationNav } from './pagination-nav';
import { TeacherCombobox } from './teacher-combobox';

/** Spec §7: the tutor assignment lists the selected applications. */
const SELECTED_FILTERS: [string, string][] = [['filters[status][$eq]', 'Seleccionado']];

/**
 * /projects/asignations (spec §2 "Admin: assign projects", §7): the selected applications, each
 * with its tutor; an admin chooses a teacher by name and saves it (ADR 0029). Cards rather than
 * a table: every row holds a combobox whose list must not be clipped by a scrolling table.
 */
export function AsignationsScreen() {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const selected = useApplications(SELECTED_FILTERS, page);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Asignar proyectos
        </h1>
        <p className="text-base text-slate-700">
          Estudiantes seleccionados en un proyecto. Asigna a cada uno un profesor o profesora que
          tutorice su trabajo; le avisaremos al guardar.
        </p>
      </header>
      {selected.isPending ? (
        <LoadingStatus />
      ) : selected.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se han podido cargar las candidaturas seleccionadas.</span>
          <Button variant="secondary" onClick={() => void selected.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : selected.data.applications.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center text-base text-slate-700">
          Todavía no hay estudiantes seleccionados. Cuando una candidatura pase a «Seleccionado»,
          aparecerá aquí para asignarle tutor.
        </p>
      ) : (
        <section aria-labelledby="asignaciones-lista" className="flex flex-col gap-4">
          <h2 id="asignaciones-lista" className="text-lg font-semibold text-slate-900">
            {countLabel(
              selected.data.pagination.total,
              'candidatura seleccionada',
              'candidaturas seleccionadas',
            )}
          </h2>
          <ul className="flex flex-col gap-4">
            {selected.data.applications.map((application) => (
              <AsignationCard key={application.id} application={application} />
            ))}
          </ul>
          <PaginationNav
            pagination={selected.data.pagination}
            hrefOf={(target) => (target > 1 ? `?${PAGE_PARAM}=${target}` : '?')}
            label="Páginas de candidaturas seleccionadas"
          />
        </section>
      )}
    </div>
  );
}

function AsignationCard({ application: a }: { application: AdminApplication }) {
  const [choice, setChoice] = useState<TeacherOption | null>(
    a.tutor ? { id: a.tutor.id, name: a.tutor.name ?? '' } : null,
  );
  const assign = useUpdateApplication();
  const headingId = `asignacion-${a.id}`;
  const unchanged = choice === null || choice.id === a.tutor?.id;

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {a.studentName ?? 'Estudiante sin nombre'}
          <span className="font-normal text-slate-700">
            {' '}
            en «{a.projectTitle ?? 'proyecto no disponible'}»
          </span>
        </h3>
        <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          {a.studentEmail ? (
            <div className="min-w-0">
              <dt className="inline font-semibold">Correo: </dt>
              <dd className="inline break-all">{a.studentEmail}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-semibold">Organización: </dt>
            <dd className="inline">{a.organization ?? '—'}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Universidad: </dt>
            <dd className="inline">
              {[a.university, a.degree].filter(Boolean).join(' · ') || '—'}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Candidatura: </dt>
            <dd className="inline">
              <time dateTime={a.createdAt}>{formatDay(a.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Tutor actual: </dt>
            <dd className="inline">{a.tutor?.name ?? 'Sin asignar'}</dd>
          </div>
        </dl>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice || unchanged) return;
          assign.mutate(
            { id: a.id, change: { tutorAsigned: choice.id } },
            { onSuccess: () => showToast(`Tutor asignado: ${choice.name}.`) },
          );
        }}
      >
        <div className="flex-1">
          <TeacherCombobox
            label={`Tutor de ${a.studentName ?? 'la candidatura'}`}
            value={choice}
            onChange={(teacher) => {
              setChoice(teacher);
              assign.reset();
            }}
          />
        </div>
        <Button type="submit" disabled={unchanged} isPending={assign.isPending}>
          {a.tutor ? 'Cambiar tutor' : 'Asignar tutor'}
        </Button>
      </form>
      {assign.isError ? (
        <Alert tone="error">
          {assign.error instanceof ApiError && assign.error.isClientError
            ? assign.error.message
            : 'No se ha podido asignar el tutor. Inténtalo de nuevo en unos minutos.'}
        </Alert>
      ) : null}
    </li>
  );
}
