import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES } from '@plataforma/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useLogout } from '../../../features/auth/api/logout';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { LinkedIdentities } from '../../../features/profile/components/linked-identities';
import { hasCommunications } from '../../../features/navigation/utils/build-menu';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { PersonalDataForm } from '../../../features/profile/components/personal-data-form';
import { ProfileHeaderCard } from '../../../features/profile/components/profile-header-card';
import { ProfileCard } from '../../../features/profile/components/section-states';
import { StudentSections } from '../../../features/profile/components/student-sections';
import { YourDataSection } from '../../../features/profile/components/your-data-section';
import { SavedResources } from '../../../features/resources/components/saved-resources';
import { NotificationCentre } from '../../../features/notifications/components/notification-centre';
import { EXTERNAL_LIBRARY_PATH, LIBRARY_PATH } from '../../../entities/tfx/utils/paths';
import { useMyResult } from '../../../features/questionnaire/api/get-my-result';
import { CompetenceSummary } from '../../../features/questionnaire/components/competence-summary';

function CardHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-1">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children ? <p className="text-sm text-slate-700">{children}</p> : null}
    </div>
  );
}

/**
 * "Tus competencias" (spec §9 questionnaire): the latest result with the way to repeat the
 * questionnaire, or the invitation to answer it while there is none.
 */
function CompetencesCard() {
  const result = useMyResult({ enabled: true });
  return (
    <ProfileCard labelledBy="perfil-competencias">
      {result.data ? (
        <>
          <CardHeading id="perfil-competencias" title="Tus competencias" />
          <CompetenceSummary result={result.data} />
        </>
      ) : (
        <>
          <CardHeading id="perfil-competencias" title="Tus competencias">
            Responde el cuestionario de competencias (unos 5 minutos) para conocer tus puntos
            fuertes y ayudarnos a encontrar los proyectos que mejor encajan contigo.
          </CardHeading>
          {result.isPending ? (
            <LoadingStatus />
          ) : (
            <div className="flex flex-col items-start gap-3">
              {result.isError ? (
                <Alert tone="error">No hemos podido cargar tu último resultado.</Alert>
              ) : null}
              <ButtonLink to="/cuestionario" variant="secondary">
                Ir al cuestionario de competencias
              </ButtonLink>
            </div>
          )}
        </>
      )}
    </ProfileCard>
  );
}

/**
 * /profile (spec §2), behind RequireSession: the header card, then for students their sections
 * as tabs (`?section=`), then personal data, security and "Tus datos" (download, delete the
 * account: ADR 0054) for everyone. The header menu only
 * offers students the section links; the others get the two common parts.
 */
export function ProfileRoute() {
  const { user, details } = useSession();
  const { permissions, isPending: permissionsPending } = usePermissions();
  const navigate = useNavigate();
  const logout = useLogout();
  // The account is gone and its tokens with it. The session is forgotten once this page has
  // left (its unmount), on the home page: forgotten while the profile is still shown, its
  // session guard would send the person to the sign-in page instead.
  const deleted = useRef(false);
  const forgetSession = useEffectEvent(() => {
    logout();
    showToast(ACCOUNT_DELETION_MESSAGES.deleted);
  });
  useEffect(
    () => () => {
      if (deleted.current) forgetSession();
    },
    [],
  );
  const leaveAfterDeletion = () => {
    deleted.current = true;
    void navigate('/', { replace: true });
  };
  if (!user) return <LoadingStatus />;
  const isStudent = user.profileType === 'student';
  const hasWizard = isStudent || user.profileType === 'teacher';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-5 sm:gap-6 sm:px-6 sm:py-10">
      <ProfileHeaderCard
        user={user}
        affiliation={details?.organization?.name ?? details?.university?.name ?? null}
      />

      {hasWizard ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          ¿Te falta algún dato académico o quieres cambiar tus preferencias?
          <ButtonLink to="/profile/completar" variant="secondary">
            Completar perfil
          </ButtonLink>
        </p>
      ) : null}

      {isStudent ? (
        <ProfileCard labelledBy="perfil-actividad">
          <CardHeading id="perfil-actividad" title="Mi actividad">
            Tus candidaturas, los proyectos que sigues y tus comunicaciones, en un solo sitio.
          </CardHeading>
          {details === null || permissionsPending ? (
            <LoadingStatus />
          ) : details.profileId === null ? (
            <Alert>
              Tu perfil de estudiante todavía no está listo. Vuelve a intentarlo en unos minutos.
            </Alert>
          ) : (
            <StudentSections
              studentId={details.profileId}
              // The same rule as the header's "Comunicaciones" and bell (spec §4, ADR 0033).
              notificationsEnabled={hasCommunications(permissions, details)}
              canBrowseProjects={permissions.projects.enabled}
              canUploadWork={
                permissions.tfxes.enabled && permissions.tfxes.create && details.tfxs.length === 0
              }
              libraryHref={
                permissions.tfxes.enabled
                  ? LIBRARY_PATH
                  : permissions.externalTfxes.enabled
                    ? EXTERNAL_LIBRARY_PATH
                    : null
              }
              savedResources={
                <SavedResources
                  studentId={details.profileId}
                  canBrowseResources={permissions.resources.enabled}
                  headingLevel={3}
                />
              }
              notificationCentre={<NotificationCentre studentId={details.profileId} />}
            />
          )}
        </ProfileCard>
      ) : null}

      {isStudent ? <CompetencesCard /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileCard labelledBy="perfil-datos">
          <CardHeading id="perfil-datos" title="Datos personales">
            Así te verán las personas con las que colabores en la plataforma.
          </CardHeading>
          <PersonalDataForm key={user.id} user={user} />
        </ProfileCard>
        <ProfileCard labelledBy="perfil-seguridad">
          <CardHeading id="perfil-seguridad" title="Seguridad">
            Cambia tu contraseña. Al hacerlo se cerrarán las sesiones abiertas en otros
            dispositivos.
          </CardHeading>
          <ChangePasswordForm />
          <div className="mt-8 border-t border-slate-200 pt-6">
            <LinkedIdentities />
          </div>
        </ProfileCard>
      </div>

      <ProfileCard labelledBy="perfil-tus-datos">
        <CardHeading id="perfil-tus-datos" title="Tus datos">
          Descarga todo lo que la plataforma guarda sobre ti o elimina tu cuenta.
        </CardHeading>
        <YourDataSection onDeleted={leaveAfterDeletion} />
      </ProfileCard>
    </div>
  );
}
