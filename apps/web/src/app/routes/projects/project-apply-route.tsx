import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useApplyCalls } from '../../../features/projects-catalogue/hooks/use-apply-calls';
import { useOwnApplication } from '../../../entities/application/api/get-own-application';
import { useProjectDetail } from '../../../entities/project/api/get-project';
import { ApplyForm } from '../../../features/projects-catalogue/components/apply-form';
import {
  formatDate,
  isDeadlinePassed,
} from '../../../features/projects-catalogue/utils/project-facts';
import { ApiError } from '../../../lib/api-client';
import { NotFoundRoute } from '../not-found';
import type { NoticeState } from '../use-notice-toast';
import { APPLIED_NOTICE, parseProjectId } from './project-detail-route';
import { ProjectsDisabled } from './projects-disabled';
import { useCatalogueViewer } from './use-catalogue-viewer';

function Frame({
  title,
  projectId,
  children,
}: {
  title: string;
  projectId: number;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <Link
        to={`/projects/${projectId}`}
        className="self-start text-sm font-semibold text-main-ink underline underline-offset-2"
      >
        Volver al proyecto
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {children}
    </div>
  );
}

function ApplyScreen({ projectId, studentId }: { projectId: number; studentId: number }) {
  const navigate = useNavigate();
  const project = useProjectDetail(projectId);
  const application = useOwnApplication(studentId, projectId);
  const calls = useApplyCalls(studentId);

  if (project.isError && project.error instanceof ApiError && project.error.status === 404) {
    return <NotFoundRoute />;
  }
  if (project.isError || application.isError) {
    return (
      <Frame title="Inscripción" projectId={projectId}>
        <Alert tone="error">
          No se ha podido cargar el proyecto. Inténtalo de nuevo en unos minutos.
        </Alert>
      </Frame>
    );
  }
  if (project.isPending || application.isPending || calls.isPending) return <LoadingStatus />;

  const title = `Inscripción en «${project.data.title}»`;
  const back = (
    <ButtonLink to={`/projects/${projectId}`} variant="secondary" className="self-start">
      Volver al proyecto
    </ButtonLink>
  );
  if (application.data) {
    return (
      <Frame title={title} projectId={projectId}>
        <Alert>
          Ya te has inscrito en este proyecto. Estado de tu candidatura: {application.data.status}.
        </Alert>
        <ButtonLink to="/profile?section=applys" variant="secondary" className="self-start">
          Ver mis candidaturas
        </ButtonLink>
      </Frame>
    );
  }
  if (project.data.status !== 'Publicada' || isDeadlinePassed(project.data.application_deadline)) {
    return (
      <Frame title={title} projectId={projectId}>
        <Alert>El plazo de inscripción de este proyecto ha terminado.</Alert>
        {back}
      </Frame>
    );
  }
  const deadline = formatDate(project.data.application_deadline);
  return (
    <Frame title={title} projectId={projectId}>
      <p className="text-base text-slate-700">
        Cuéntale a {project.data.organization?.name ?? 'quien publica el proyecto'} quién eres y por
        qué te interesa. Todos los campos son obligatorios salvo los marcados como opcionales.
        {deadline ? ` Puedes inscribirte hasta el ${deadline}.` : ''}
      </p>
      <ApplyForm
        projectId={projectId}
        studentId={studentId}
        calls={calls.calls}
        ownCallIds={calls.ownCallIds}
        onApplied={() => {
          const state: NoticeState = { notice: APPLIED_NOTICE };
          void navigate(`/projects/${projectId}`, { state });
        }}
      />
    </Frame>
  );
}

/**
 * /projects/:id/inscripcion (behind RequireSession): the application form on a page of its own,
 * kinder than a dialog for a long form (ADR 0027). Only students apply.
 */
export function ProjectApplyRoute() {
  const { id } = useParams();
  const projectId = parseProjectId(id);
  const viewer = useCatalogueViewer();
  const { permissions, isPending } = usePermissions();
  if (projectId === null) return <NotFoundRoute />;
  if (viewer === null || isPending) return <LoadingStatus />;
  if (!permissions.projects.enabled) return <ProjectsDisabled />;
  if (viewer.role !== 'student' || viewer.studentId === null) {
    return (
      <Frame title="Inscripción" projectId={projectId}>
        <Alert>
          {viewer.role === 'student'
            ? 'Tu perfil de estudiante todavía no está listo. Vuelve a intentarlo en unos minutos.'
            : 'Solo los estudiantes pueden inscribirse en los proyectos.'}
        </Alert>
      </Frame>
    );
  }
  return <ApplyScreen projectId={projectId} studentId={viewer.studentId} />;
}
