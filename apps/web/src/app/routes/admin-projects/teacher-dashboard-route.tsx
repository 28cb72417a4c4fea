import { teacherPublishRefusal } from '@plataforma/shared';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { RequireSession } from '../../../features/auth/components/require-session';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { DashboardScreen } from '../../../features/teacher-dashboard/components/dashboard-screen';

/**
 * /teachers/dashboard (spec §2 "Panel de Control"): teachers only. Signed out, the login page;
 * anyone else is told the panel is for teachers (the API answers them 403 anyway).
 */
export function TeacherDashboardRoute() {
  return (
    <RequireSession>
      <TeachersOnly />
    </RequireSession>
  );
}

function TeachersOnly() {
  const { user, details } = useSession();
  const { permissions, isPending } = usePermissions();
  if (user?.profileType !== 'teacher') return <NotForYou />;
  if (isPending) return <LoadingStatus />;
  // Not verified yet, or rejected: the panel says why instead of offering to publish (ADR 0051).
  const publishRefusal = permissions.projects.create
    ? teacherPublishRefusal(details?.teacherVerification)
    : null;
  return (
    <DashboardScreen
      canPublish={permissions.projects.create && !publishRefusal}
      publishRefusal={publishRefusal}
    />
  );
}

function NotForYou() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p className="rounded-full bg-main/10 px-4 py-1.5 text-sm font-semibold tracking-widest text-slate-700 uppercase">
        Error 403
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Sin permiso
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-600">
        El Panel de Control es para el profesorado. Si das clase y no puedes entrar, revisa que tu
        cuenta sea de profesor o profesora.
      </p>
      <ButtonLink to="/" className="mt-8">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}
