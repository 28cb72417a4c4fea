import type { ProfileType } from '@plataforma/shared';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { RequireSession } from '../../../features/auth/components/require-session';
import { useSession } from '../../../features/auth/hooks/use-session';

/**
 * The publishing screens' first gate (ADR 0028): signed out → the login page, which comes back
 * (spec §2 Auth redirects); signed in with another role → told the screen is not for them. Once
 * it passes, a coordinator's details (their organisation) are known. The API still decides what
 * each call may read and write.
 */
export function RequireRole({ roles, children }: { roles: ProfileType[]; children: ReactNode }) {
  return (
    <RequireSession>
      <RoleOnly roles={roles}>{children}</RoleOnly>
    </RequireSession>
  );
}

function RoleOnly({ roles, children }: { roles: ProfileType[]; children: ReactNode }) {
  const { user, details } = useSession();
  const role = user?.profileType ?? null;
  if (!role || !roles.includes(role)) {
    return (
      <Refusal
        title="Esta sección no es para tu perfil"
        text="Solo el profesorado y las organizaciones publican proyectos y revisan candidaturas."
      />
    );
  }
  // The coordinator's organisation decides where they belong: wait for it.
  if (role === 'coordinator' && details === null) return <LoadingStatus />;
  return children;
}

/** A page that says why the visitor cannot use it, with a way back. */
export function Refusal({ title, text }: { title: string; text: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-slate-700">{text}</p>
      <ButtonLink to="/" className="mt-8">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}

/** The frame of the publishing pages: a width that reads well and fits 360 px. */
export function PublishingPage({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={`mx-auto flex w-full ${wide ? 'max-w-5xl' : 'max-w-3xl'} flex-col gap-5 px-3 py-5 sm:gap-6 sm:px-6 sm:py-10`}
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {intro ? <div className="text-base text-slate-700">{intro}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** Navigation state of the gate that sends a coordinator to create their organisation first. */
export interface NeedsOrganizationState {
  needsOrganization?: boolean;
}
