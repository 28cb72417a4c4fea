import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { ProgressMilestone } from '@plataforma/shared';
import { useStudentApplications } from '../../../entities/application/api/get-student-applications';
import type { StudentApplication } from '../../../entities/application/types';
import { useUpdateProgress } from '../../../entities/project-progress/api/update-progress';
import {
  ProgressChecklist,
  toProgressState,
} from '../../../entities/project-progress/components/progress-checklist';
import { formatLongDate } from '../utils/relative-time';
import { ApplicationStatusBadge } from '../../../entities/application/components/application-status-badge';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

/**
 * "Proyectos en marcha": the projects the student was selected for (applications with status
 * Seleccionado, spec §3 and ADR 0003), with the tutor and the progress checklist the student and
 * the tutor tick (ADR 0029).
 */
export function OngoingProjectsSection({ studentId }: { studentId: number }) {
  const selected = useStudentApplications(studentId, 'Seleccionado');
  if (selected.isPending) return <LoadingStatus />;
  if (selected.isError) return <SectionError onRetry={() => void selected.refetch()} />;
  if (selected.data.length === 0) {
    return (
      <EmptyState>
        Aún no tienes proyectos en marcha. Cuando una organización te seleccione, encontrarás aquí
        tu proyecto.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {selected.data.map((application) => (
        <OngoingProject key={application.id} application={application} />
      ))}
    </ul>
  );
}

function OngoingProject({ application }: { application: StudentApplication }) {
  const update = useUpdateProgress();
  const [pending, setPending] = useState<ProgressMilestone | null>(null);
  // The tick shows at once; the list read again after the save confirms it (or undoes it).
  const [optimistic, setOptimistic] = useState<Partial<Record<ProgressMilestone, boolean>>>({});
  const { progress } = application;
  const title = application.project?.title ?? 'tu proyecto';

  return (
    <ProjectItem
      project={application.project}
      badge={<ApplicationStatusBadge status={application.status} />}
    >
      {application.statusMessage ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">Mensaje: </span>
          {application.statusMessage}
        </p>
      ) : null}
      <p className="text-sm text-slate-800">
        <span className="font-semibold">Tutor asignado: </span>
        {application.tutorName ?? 'pendiente de asignar'}
      </p>
      <p className="text-sm text-slate-600">
        Candidatura presentada el{' '}
        <time dateTime={application.createdAt}>{formatLongDate(application.createdAt)}</time>
      </p>
      {progress ? (
        <ProgressChecklist
          className="mt-2"
          legend={`Avance de «${title}»`}
          progress={{ ...toProgressState(progress), ...optimistic }}
          pendingMilestone={pending}
          onToggle={(milestone, done) => {
            setPending(milestone);
            setOptimistic((current) => ({ ...current, [milestone]: done }));
            update.mutate(
              { progressId: progress.id, milestone, done },
              {
                onSettled: () => {
                  setPending(null);
                  setOptimistic({});
                },
              },
            );
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">
          El seguimiento del avance aparecerá aquí en cuanto esté preparado.
        </p>
      )}
      {update.isError ? (
        <Alert tone="error">
          No se ha podido guardar el avance. Inténtalo de nuevo en unos minutos.
        </Alert>
      ) : null}
    </ProjectItem>
  );
}
