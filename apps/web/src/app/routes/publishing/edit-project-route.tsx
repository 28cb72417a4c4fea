import { ownProjectsPath } from '@plataforma/shared';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { useProject } from '../../../entities/project/api/get-project';
import type { ProjectRecord } from '../../../entities/project/types';
import type { SaveStatus } from '../../../features/publishing/api/save-project';
import { ApiErrorAlert } from '../../../features/publishing/components/api-error-alert';
import { ProjectEditor } from '../../../features/publishing/components/project-editor';
import { canEditProject } from '../../../features/publishing/utils/project-actions';
import { ApiError } from '../../../lib/api-client';
import { getSavedNotice, PROJECT_FETCHERS } from './create-project-route';
import type { NoticeState } from '../use-notice-toast';
import { PublishingPage, Refusal } from './publishing-gates';

/** A route's numeric `:id`, or null. */
export function useProjectId(): number | null {
  const { id } = useParams();
  const number = Number(id);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * `/projects/:id/editar`: the project form with the saved answers; only changed fields are
 * written. The API answers 404 for a project that is not the caller's (unless published) and
 * refuses writes to it.
 */
export function EditProjectRoute() {
  const id = useProjectId();
  return id === null ? <ProjectNotFound /> : <EditProject id={id} />;
}

function EditProject({ id }: { id: number }) {
  const { user } = useSession();
  const project = useProject(id);
  const navigate = useNavigate();
  const listPath = ownProjectsPath(user?.profileType);
  const onSaved = useCallback(
    (_saved: ProjectRecord, status: SaveStatus | undefined) => {
      const state: NoticeState = { notice: getSavedNotice(status) };
      void navigate(listPath, { state });
    },
    [navigate, listPath],
  );

  if (project.isPending) return <LoadingStatus />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return <ProjectNotFound />;
    }
    return (
      <PublishingPage title="Editar proyecto">
        <ApiErrorAlert
          error={project.error}
          fallback="No se ha podido cargar el proyecto. Inténtalo de nuevo en unos minutos."
        />
      </PublishingPage>
    );
  }
  const record = project.data;
  if (!canEditProject(record.attributes.status)) {
    return (
      <Refusal
        title="Este proyecto ya ha terminado"
        text="Un proyecto terminado no se puede editar."
      />
    );
  }
  return (
    <PublishingPage title={`Editar «${record.attributes.title}»`}>
      <ProjectEditor
        key={record.id}
        fetchers={PROJECT_FETCHERS}
        project={record}
        onSaved={onSaved}
      />
    </PublishingPage>
  );
}

export function ProjectNotFound() {
  return (
    <Refusal
      title="No encontramos este proyecto"
      text="Puede que se haya borrado o que no sea uno de tus proyectos."
    />
  );
}
