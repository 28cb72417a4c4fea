import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useStudentApplications } from '../api/get-student-applications';
import { formatLongDate } from '../utils/relative-time';
import { ApplicationStatusBadge } from './application-status-badge';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

interface ApplicationsSectionProps {
  studentId: number;
  /** Whether /projects is offered (projects feature enabled). */
  canBrowseProjects: boolean;
}

/** "Candidaturas": every application of the student, newest first, with its status. */
export function ApplicationsSection({ studentId, canBrowseProjects }: ApplicationsSectionProps) {
  const applications = useStudentApplications(studentId);
  if (applications.isPending) return <LoadingStatus />;
  if (applications.isError) return <SectionError onRetry={() => void applications.refetch()} />;
  if (applications.data.length === 0) {
    return (
      <EmptyState
        action={canBrowseProjects ? <ButtonLink to="/projects">Ver proyectos</ButtonLink> : null}
      >
        Todavía no has presentado ninguna candidatura. Cuando te apuntes a un proyecto, aquí verás
        en qué punto está.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {applications.data.map((application) => (
        <ProjectItem
          key={application.id}
          project={application.project}
          badge={<ApplicationStatusBadge status={application.status} />}
        >
          {application.statusMessage ? (
            <p className="text-sm text-slate-800">{application.statusMessage}</p>
          ) : null}
          <p className="text-sm text-slate-600">
            Presentada el{' '}
            <time dateTime={application.createdAt}>{formatLongDate(application.createdAt)}</time>
          </p>
        </ProjectItem>
      ))}
    </ul>
  );
}
