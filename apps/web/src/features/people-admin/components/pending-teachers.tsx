import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import {
  useDecideTeacher,
  usePendingTeachers,
  type PendingTeacher,
  type TeacherDecision,
} from '../api/pending-teachers';
import { readPage, writeFilters } from '../utils/people-params';

const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.isClientError
    ? error.message
    : 'Inténtalo de nuevo en unos minutos.';

/**
 * "Profesorado → Pendientes" (ADR 0051): the teachers who registered themselves and may not
 * publish until an admin decides. "Aprobar" lets them publish at once; "Rechazar", after a
 * confirmation, leaves them unable to and takes their profile off the platform. Each decision
 * takes the teacher off the list, which is fetched again; the focus goes to the list's heading.
 */
export function PendingTeachers({
  keep = {},
}: {
  /** URL parameters that are not the list's own (the page's tab). */
  keep?: Record<string, string>;
}) {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const list = usePendingTeachers(page);
  const decide = useDecideTeacher();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [rejecting, setRejecting] = useState<{ open: boolean; teacher: PendingTeacher | null }>({
    open: false,
    teacher: null,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const run = (teacher: PendingTeacher, decision: TeacherDecision) => {
    setFailure(null);
    decide.mutate(
      { id: teacher.id, decision },
      {
        onSuccess: () => {
          showToast(
            decision === 'verify'
              ? `${teacher.name} ya puede publicar proyectos.`
              : `Has rechazado a ${teacher.name}: no podrá publicar proyectos.`,
          );
          setRejecting((current) => ({ ...current, open: false }));
          // The row is gone: keep keyboard and screen-reader users in the list.
          headingRef.current?.focus();
        },
        onError: (error) => {
          if (decision === 'verify') {
            setFailure(`No se ha podido aprobar a ${teacher.name}. ${reasonOf(error)}`);
          }
        },
      },
    );
  };

  const total = list.data?.pagination.total;
  const busyId = decide.isPending ? decide.variables.id : null;
  return (
    <section aria-labelledby="profesorado-pendiente" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2
          id="profesorado-pendiente"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900"
        >
          Pendientes de verificación
          {total !== undefined ? ` (${total.toLocaleString('es-ES')})` : null}
        </h2>
        <p className="max-w-3xl text-base text-slate-700">
          Se han registrado como profesores y todavía no pueden publicar proyectos. Aprueba a quien
          sea docente de la universidad; rechaza a quien no lo sea. Quien se registra con un correo
          de los dominios de la universidad (Ajustes → Profesorado) no pasa por aquí.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      {list.isPending ? (
        <LoadingStatus label="Cargando profesorado pendiente..." />
      ) : list.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            No se ha podido cargar el profesorado pendiente. Inténtalo de nuevo en unos minutos.
          </span>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : list.data.teachers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center text-base text-slate-700">
          No hay profesorado pendiente de verificación.
        </p>
      ) : (
        <>
          <div
            role="region"
            aria-label="Profesorado pendiente de verificación"
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <caption className="sr-only">
                Profesorado pendiente de verificación, página {list.data.pagination.page} de{' '}
                {Math.max(list.data.pagination.pageCount, 1)}
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['Nombre', 'Acciones', 'Correo', 'Universidad', 'Fecha de registro'].map(
                    (label) => (
                      <th
                        key={label}
                        scope="col"
                        className="px-3 py-3 font-semibold whitespace-nowrap"
                      >
                        {label}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.data.teachers.map((teacher) => (
                  <tr key={teacher.id} className="align-top">
                    <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                      {teacher.name}
                    </th>
                    <td className="px-3 py-2">
                      <div className="flex gap-2">
                        <Button
                          className="px-3 py-1.5 whitespace-nowrap"
                          aria-label={`Aprobar a ${teacher.name}`}
                          isPending={
                            busyId === teacher.id && decide.variables?.decision === 'verify'
                          }
                          disabled={busyId !== null}
                          onClick={() => run(teacher, 'verify')}
                        >
                          Aprobar
                        </Button>
                        <Button
                          variant="secondary"
                          className="px-3 py-1.5 whitespace-nowrap"
                          aria-label={`Rechazar a ${teacher.name}`}
                          disabled={busyId !== null}
                          onClick={() => {
                            decide.reset();
                            setFailure(null);
                            setRejecting({ open: true, teacher });
                          }}
                        >
                          Rechazar
                        </Button>
                      </div>
                    </td>
                    <td className="px-3 py-3 text-slate-800">
                      {teacher.email ? (
                        <a href={`mailto:${teacher.email}`} className="text-main-ink underline">
                          {teacher.email}
                        </a>
                      ) : (
                        <span className="text-slate-600">—</span>
                      )}
                    </td>
                    <td className="px-3 py-3 text-slate-800">
                      {teacher.university ?? <span className="text-slate-600">—</span>}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-800">
                      {teacher.registeredAt ? (
                        <time dateTime={teacher.registeredAt}>
                          {formatLongDate(teacher.registeredAt)}
                        </time>
                      ) : (
                        <span className="text-slate-600">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.data.pagination.page}
            pageCount={list.data.pagination.pageCount}
            hrefFor={(target) => `?${writeFilters({}, target, keep).toString()}`}
            label="Páginas de profesorado pendiente"
          />
        </>
      )}

      <ConfirmDialog
        isOpen={rejecting.open}
        title={`¿Rechazar a ${rejecting.teacher?.name ?? ''}?`}
        description={
          <>
            No podrá publicar proyectos y su perfil dejará de verse en la plataforma. Su cuenta se
            conserva.
            {decide.isError && decide.variables?.decision === 'reject' ? (
              <span role="alert" className="mt-3 block font-medium text-red-700">
                No se ha podido rechazar. {reasonOf(decide.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Rechazar"
        isDanger
        isPending={decide.isPending}
        onConfirm={() => {
          if (rejecting.teacher) run(rejecting.teacher, 'reject');
        }}
        onClose={() => setRejecting((current) => ({ ...current, open: false }))}
      />
    </section>
  );
}
