import { ownProjectsPath } from '@plataforma/shared';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { WriteToCandidates } from '../../../features/announcements/components/write-to-candidates';
import { useSession } from '../../../features/auth/hooks/use-session';
import { useProject } from '../../../entities/project/api/get-project';
import { ApiErrorAlert } from '../../../features/publishing/components/api-error-alert';
import { CandidatesReview } from '../../../features/publishing/components/candidates-review';
import { StatusBadge } from '../../../features/publishing/components/status-badge';
import { ApiError } from '../../../lib/api-client';
import { ProjectNotFound, useProjectId } from './edit-project-route';
import { PublishingPage } from './publishing-gates';

/**
 * `/projects/:id/candidaturas`: the publisher reviews the applications to one of their projects
 * (profile, CV, competences), changes their status with a message, marks supermatches and
 * writes to the candidates (ADR 0046).
 */
export function CandidatesRoute() {
  const id = useProjectId();
  return id === null ? <ProjectNotFound /> : <Candidates id={id} />;
}

function Candidates({ id }: { id: number }) {
  const { user } = useSession();
  const project = useProject(id);
  if (project.isPending) return <LoadingStatus />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return <ProjectNotFound />;
    }
    return (
      <PublishingPage title="Candidaturas">
        <ApiErrorAlert
          error={project.error}
          fallback="No se ha podido cargar el proyecto. Inténtalo de nuevo en unos minutos."
        />
      </PublishingPage>
    );
  }
  const { title, status } = project.data.attributes;
  return (
    <PublishingPage
      title={`Candidaturas de «${title}»`}
      intro={
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={status} />
          <Link
            to={ownProjectsPath(user?.profileType)}
            className="text-sm font-semibold text-main underline underline-offset-2 hover:no-underline"
          >
            Volver a mis proyectos
          </Link>
        </div>
      }
    >
      <CandidatesReview
        projectId={id}
        writeToCandidates={(status) => <WriteToCandidates projectId={id} initialStatus={status} />}
      />
    </PublishingPage>
  );
}
