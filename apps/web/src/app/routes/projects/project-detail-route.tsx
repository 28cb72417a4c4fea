import { useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { loginPathReturningTo } from '../../../features/auth/utils/redirects';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useOwnApplication } from '../../../entities/application/api/get-own-application';
import { useProjectDetail } from '../../../entities/project/api/get-project';
import { useFavoriteIds } from '../../../entities/student-favorites/api/get-favorites';
import { AdminActions } from '../../../features/projects-catalogue/components/admin-actions';
import { ProjectDetailView } from '../../../features/projects-catalogue/components/project-detail';
import type { CatalogueViewer } from '../../../features/projects-catalogue/types';
import { ApiError } from '../../../lib/api-client';
import { NotFoundRoute } from '../not-found';
import { useNoticeToast } from '../use-notice-toast';
import { ProjectsDisabled } from './projects-disabled';
import { useCatalogueViewer } from './use-catalogue-viewer';
import { usePageTitle } from '../../layouts/page-title';

/** A project id from the path: digits only; anything else is not a project page. */
export function parseProjectId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The history state of a project page: `catalogueSearch` when it was opened from a search (the
 * cards leave it); the apply page leaves a `notice` (use-notice-toast.ts).
 */
export interface ProjectPageState {
  catalogueSearch?: string;
}

/** What a student reads once their application is sent. */
export const APPLIED_NOTICE =
  '¡Candidatura enviada! Te hemos enviado un correo de confirmación. Puedes seguir su estado en tu perfil, en «Candidaturas».';

function ProjectDetailScreen({
  projectId,
  viewer,
}: {
  projectId: number;
  viewer: CatalogueViewer;
}) {
  const location = useLocation();
  useNoticeToast();
  const project = useProjectDetail(projectId);
  usePageTitle(project.data?.title, project.data?.description);
  const studentId = viewer.role === 'student' ? viewer.studentId : null;
  const application = useOwnApplication(studentId, projectId);
  const favorites = useFavoriteIds(studentId);

  if (project.isPending) return <LoadingStatus />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) return <NotFoundRoute />;
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-10 sm:px-6">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar el proyecto. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void project.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  }

  const path = `/projects/${projectId}`;
  const state = location.state as ProjectPageState | null;
  const catalogueSearch = state?.catalogueSearch?.startsWith('?') ? state.catalogueSearch : '';
  return (
    <ProjectDetailView
      project={project.data}
      viewer={viewer}
      application={studentId === null ? null : application.data}
      isSaved={favorites.data?.includes(projectId) ?? false}
      loginHref={loginPathReturningTo(path)}
      applyHref={`${path}/inscripcion`}
      backHref={`/projects${catalogueSearch}`}
      adminPanel={
        viewer.role === 'admin' ? (
          <AdminActions
            projectId={projectId}
            projectTitle={project.data.title}
            status={project.data.status}
          />
        ) : undefined
      }
    />
  );
}

/**
 * /projects/:id: the project's page. Static paths of other areas (create, personal, applys,
 * asignations) are their own routes and rank first; a non-numeric id is "Página no encontrada".
 */
export function ProjectDetailRoute() {
  const { id } = useParams();
  const projectId = parseProjectId(id);
  const viewer = useCatalogueViewer();
  const { permissions, isPending } = usePermissions();
  if (projectId === null) return <NotFoundRoute />;
  if (viewer === null || isPending) return <LoadingStatus />;
  if (viewer.role !== 'admin' && !permissions.projects.enabled) return <ProjectsDisabled />;
  return <ProjectDetailScreen key={projectId} projectId={projectId} viewer={viewer} />;
}
