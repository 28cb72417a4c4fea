import {
  ORGANIZATION_EDIT_PATH,
  TEACHER_PROJECTS_PATH,
  teacherPublishRefusal,
} from '@plataforma/shared';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { MyProjectsList } from '../../../features/publishing/components/my-projects-list';
import { useNoticeToast } from '../use-notice-toast';
import { PublishingPage, Refusal } from './publishing-gates';

/**
 * `/projects/personal` (spec §2 "Teacher's own projects"): a teacher's projects; admins see every
 * project. Coordinators have theirs at /organizations.
 */
export function TeacherProjectsRoute() {
  const { user, details } = useSession();
  const { permissions } = usePermissions();
  useNoticeToast();
  if (user?.profileType === 'coordinator') return <Navigate to="/organizations" replace />;
  // A teacher not verified yet, or rejected, is told why rather than offered to publish (ADR 0051).
  const verificationRefusal =
    user?.profileType === 'teacher' ? teacherPublishRefusal(details?.teacherVerification) : null;
  const canPublish =
    user?.profileType === 'admin' || (permissions.projects.create && !verificationRefusal);
  return (
    <PublishingPage
      wide
      title="Mis proyectos"
      intro="Sigue el estado de tus proyectos, revisa sus candidaturas y envíalos a revisión cuando estén listos."
    >
      {verificationRefusal && permissions.projects.create ? (
        <Alert tone="info">{verificationRefusal}</Alert>
      ) : null}
      {canPublish ? (
        <div>
          <ButtonLink to="/projects/create">Publica tu proyecto</ButtonLink>
        </div>
      ) : null}
      <MyProjectsList createHref={canPublish ? '/projects/create' : undefined} />
    </PublishingPage>
  );
}

/**
 * `/organizations` (spec §2 "Coordinator's projects"): the projects of the coordinator's
 * organisation. Without one they are sent to create it (when they may), teachers to their own
 * list.
 */
export function OrganizationProjectsRoute() {
  const { user, details } = useSession();
  const { permissions, isPending } = usePermissions();
  useNoticeToast();
  const role = user?.profileType;
  if (role === 'teacher') return <Navigate to={TEACHER_PROJECTS_PATH} replace />;
  if (role === 'coordinator' && !details?.organization) {
    if (isPending) return <LoadingStatus />;
    if (permissions.organizations.create) return <Navigate to="/organizations/create" replace />;
    return (
      <Refusal
        title="Aún no perteneces a ninguna organización"
        text="Cuando el equipo de la plataforma te vincule a tu organización verás aquí sus proyectos."
      />
    );
  }
  const canPublish = role === 'admin' || permissions.projects.create;
  const organization = details?.organization?.name;
  // The coordinator edits their organisation while their switch allows it (ADR 0033).
  const canEditOrganization =
    role === 'coordinator' &&
    organization !== undefined &&
    permissions.organizations.enabled &&
    permissions.organizations.update;
  return (
    <PublishingPage
      wide
      title="Mis proyectos"
      intro={
        organization
          ? `Los proyectos de ${organization}: su estado, sus candidaturas y lo que puedes hacer con cada uno.`
          : 'Los proyectos publicados por las organizaciones.'
      }
    >
      {canPublish || canEditOrganization ? (
        <div className="flex flex-wrap gap-3">
          {canPublish ? <ButtonLink to="/projects/create">Publicar mi proyecto</ButtonLink> : null}
          {canEditOrganization ? (
            <ButtonLink to={ORGANIZATION_EDIT_PATH} variant="secondary">
              Editar mi organización
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <MyProjectsList createHref={canPublish ? '/projects/create' : undefined} />
    </PublishingPage>
  );
}
