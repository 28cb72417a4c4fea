import { LoadingStatus } from '../../../components/ui/loading-status';
import { useStudentApplications } from '../api/get-student-applications';
import { formatLongDate } from '../utils/relative-time';
import { ApplicationStatusBadge } from './application-status-badge';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

/**
 * "Proyectos en marcha": the projects the student was selected for (applications with status
 * Seleccionado, spec §3 and ADR 0003).
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
        <ProjectItem
          key={application.id}
          project={application.project}
          badge={<ApplicationStatusBadge status={application.status} />}
        >
          {application.statusMessage ? (
            <p className="text-sm text-slate-800">{application.statusMessage}</p>
          ) : null}
          <p className="text-sm text-slate-600">
            Candidatura presentada el{' '}
            <time dateTime={application.createdAt}>{formatLongDate(application.createdAt)}</time>
          </p>
        </ProjectItem>
      ))}
    </ul>
  );
}
