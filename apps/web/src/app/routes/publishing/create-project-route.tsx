import { ownProjectsPath, teacherPublishRefusal } from '@plataforma/shared';
import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import type { ProjectRecord } from '../../../entities/project/types';
import type { SaveStatus } from '../../../features/publishing/api/save-project';
import { ProjectEditor } from '../../../features/publishing/components/project-editor';
import type { ProjectCatalogueFetchers } from '../../../features/publishing/utils/project-items';
import { getCampusOptions, getUniversityOptions } from '../../../forms/catalogue';
import type { NoticeState } from '../use-notice-toast';
import { PublishingPage, Refusal, type NeedsOrganizationState } from './publishing-gates';

/** The catalogue calls the project form's campus question uses. */
export const PROJECT_FETCHERS: ProjectCatalogueFetchers = {
  universities: getUniversityOptions,
  campuses: getCampusOptions,
};

/** What the list says after a save. */
export function getSavedNotice(status: SaveStatus | undefined): string {
  if (status === 'Por validar') {
    return 'Proyecto enviado a revisión. Te avisaremos por correo cuando el equipo de la plataforma lo revise.';
  }
  if (status === 'Pendiente') return 'Borrador guardado. Envíalo a revisión cuando esté listo.';
  return 'Cambios guardados.';
}

/**
 * `/projects/create` (spec §2 "Publish a project"): teachers, coordinators with an organisation
 * and admins, while their role may create projects (projects.create). A coordinator without
 * organisation is sent to create it first.
 */
export function CreateProjectRoute() {
  const { user, details } = useSession();
  const { permissions, isPending } = usePermissions();
  const navigate = useNavigate();
  const role = user?.profileType;
  const listPath = ownProjectsPath(role);
  const onSaved = useCallback(
    (_project: ProjectRecord, status: SaveStatus | undefined) => {
      const state: NoticeState = { notice: getSavedNotice(status) };
      void navigate(listPath, { state });
    },
    [navigate, listPath],
  );

  if (role === 'coordinator' && !details?.organization) {
    const state: NeedsOrganizationState = { needsOrganization: true };
    return <Navigate to="/organizations/create" replace state={state} />;
  }
  // A teacher not verified yet, or rejected, is told why instead of given a form the API would
  // refuse (ADR 0051).
  const verificationRefusal =
    role === 'teacher' ? teacherPublishRefusal(details?.teacherVerification) : null;
  if (verificationRefusal) {
    return (
      <Refusal
        title={
          details?.teacherVerification === 'rejected'
            ? 'Tu cuenta de profesor no está aprobada'
            : 'Tu cuenta de profesor está pendiente de verificación'
        }
        text={verificationRefusal}
      />
    );
  }
  if (role !== 'admin') {
    if (isPending) return <LoadingStatus />;
    if (!permissions.projects.create) {
      return (
        <Refusal
          title="La publicación de proyectos no está disponible"
          text="Ahora mismo tu perfil no puede publicar proyectos. Vuelve a intentarlo más adelante."
        />
      );
    }
  }
  return (
    <PublishingPage
      title="Publica tu proyecto"
      intro="Cuéntanos en qué consiste. Puedes guardarlo como borrador y enviarlo a revisión cuando esté listo: el equipo de la plataforma lo valida antes de publicarlo."
    >
      <ProjectEditor fetchers={PROJECT_FETCHERS} onSaved={onSaved} />
    </PublishingPage>
  );
}
