import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { RequireSession } from '../../../features/auth/components/require-session';
import { useSession } from '../../../features/auth/hooks/use-session';

/**
 * Admin-only screens: a signed-out visitor goes to the login page (RequireSession); anyone else
 * signed in is told the screen is not for them. The API refuses their writes anyway (ADR 0012).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <AdminOnly>{children}</AdminOnly>
    </RequireSession>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.profileType === 'admin') return children;
  return <NoPermission />;
}

/** What a signed-in user who is not an admin sees on an admin screen. */
export function NoPermission() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p className="rounded-full bg-main/10 px-4 py-1.5 text-sm font-semibold tracking-widest text-slate-700 uppercase">
        Error 403
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Sin permiso
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-600">
        Esta sección es solo para la administración de la plataforma. Si crees que deberías poder
        entrar, habla con quien administra la plataforma en tu universidad.
      </p>
      <ButtonLink to="/" className="mt-8">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}
