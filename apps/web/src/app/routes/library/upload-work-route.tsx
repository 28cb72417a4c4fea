import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useSession } from '../../../features/auth/hooks/use-session';
import { WorkUpload } from '../../../features/library/components/work-upload';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useStudentDegree } from '../../../entities/student/api/get-student-degree';
import { useOwnWorks } from '../../../entities/tfx/api/get-own-works';
import { Refusal } from '../publishing/publishing-gates';
import { UploadPage } from './library-pages';

/** Spec §2: the profile section where a student finds their work. */
export const PROFILE_WORKS_PATH = '/profile?section=tfx';

/** What the student reads once the work is sent. */
export const SENT_NOTICES = {
  created:
    'Hemos recibido tu trabajo. El equipo de la plataforma lo revisará antes de publicarlo y te avisaremos.',
  corrected:
    'Hemos recibido los cambios de tu trabajo. El equipo de la plataforma lo revisará de nuevo.',
} as const;

function UploadScreen({ studentId, canCreate }: { studentId: number; canCreate: boolean }) {
  const navigate = useNavigate();
  const works = useOwnWorks(studentId);
  const degree = useStudentDegree(studentId);

  if (works.isPending || degree.isPending) return <LoadingStatus />;
  if (works.isError) {
    return (
      <UploadPage title="Tu trabajo final">
        <Alert tone="error">
          No se ha podido comprobar si ya has subido tu trabajo. Inténtalo de nuevo en unos minutos.
        </Alert>
      </UploadPage>
    );
  }
  const work = works.data[0] ?? null;
  // Spec §2: uploading is offered while `tfxes.create` is on and the student has no work; one who
  // has it still sees where it stands.
  if (!work && !canCreate) {
    return (
      <Refusal
        title="La subida de trabajos no está disponible"
        text="Ahora mismo no se pueden subir trabajos finales. Vuelve a intentarlo más adelante."
      />
    );
  }
  return (
    <UploadPage
      title={work ? 'Tu trabajo final' : 'Sube tu trabajo final'}
      intro={
        work
          ? undefined
          : 'Comparte tu TFG o TFM para que inspire a otros estudiantes. El equipo de la plataforma lo revisará antes de publicarlo en la biblioteca.'
      }
    >
      <WorkUpload
        // The degree could not be read: the form says the profile has none to show.
        degreeName={degree.data?.name ?? null}
        work={work}
        profileHref={PROFILE_WORKS_PATH}
        onSent={(kind) => {
          showToast(SENT_NOTICES[kind]);
          void navigate(PROFILE_WORKS_PATH);
        }}
      />
    </UploadPage>
  );
}

/**
 * /tfx/create/form?status=finished (spec §2): a student uploads their finished work, behind
 * RequireSession. Other roles are told it is for students; the server sets the degree,
 * university and study area from the profile and enforces one work per student.
 */
export function UploadWorkRoute() {
  const { user, details } = useSession();
  const { permissions, isPending } = usePermissions();
  if (!user || isPending) return <LoadingStatus />;
  if (user.profileType !== 'student') {
    return (
      <Refusal
        title="Esta sección es para estudiantes"
        text="Solo los estudiantes suben aquí su trabajo final (TFG o TFM)."
      />
    );
  }
  if (details === null) return <LoadingStatus />;
  if (details.profileId === null) {
    return (
      <UploadPage title="Sube tu trabajo final">
        <Alert>
          Tu perfil de estudiante todavía no está listo. Vuelve a intentarlo en unos minutos.
        </Alert>
      </UploadPage>
    );
  }
  const { tfxes } = permissions;
  return <UploadScreen studentId={details.profileId} canCreate={tfxes.enabled && tfxes.create} />;
}
