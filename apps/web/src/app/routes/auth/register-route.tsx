import { useState } from 'react';
import { LEGAL_PAGES } from '@plataforma/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useBranding } from '../../../features/branding/hooks/use-branding';
import { RedirectAfterSignIn } from '../../../features/auth/components/redirect-after-sign-in';
import { RegisterForm, parseProfileParam } from '../../../features/auth/components/register-form';
import { RegistrationSent } from '../../../features/auth/components/registration-sent';
import { useSession } from '../../../features/auth/hooks/use-session';
import { useCurrentLegalTextVersion } from '../../../features/legal/api/get-legal-text-versions';
import { LOGIN_PATH } from '../../../features/auth/utils/redirects';
import { AUTH_LINK_CLASSES, AuthPage } from './auth-page';

/**
 * `/register` (spec §2): "Registrarse". `?profile=student|teacher|coordinator` preselects the
 * profile (the landing's "Inscribirme ahora" uses student). The privacy policy is accepted in its
 * current version, which is recorded with the account (ADR 0035); it is read at the branding's
 * politicsUrl, or on the platform's own page. After signing up, a screen says to confirm the email.
 */
export function RegisterRoute() {
  const session = useSession();
  const { politicsUrl } = useBranding();
  const privacy = useCurrentLegalTextVersion('privacy');
  const [params] = useSearchParams();
  const profileParam = parseProfileParam(params.get('profile'));
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (session.status === 'authenticated') {
    return <RedirectAfterSignIn requestedTarget={null} profileType={session.user?.profileType} />;
  }
  if (session.status === 'loading' || privacy.isPending) return <LoadingStatus />;
  if (sentTo !== null) {
    return (
      <AuthPage>
        <RegistrationSent email={sentTo} />
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Registrarse"
      intro="Crea tu cuenta para participar en proyectos con impacto social y trabajos de fin de grado y máster."
      isWide
      footer={
        <p>
          ¿Ya tienes cuenta?{' '}
          <Link to={LOGIN_PATH} className={AUTH_LINK_CLASSES}>
            Inicia sesión
          </Link>
        </p>
      }
    >
      {privacy.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            No se ha podido cargar la política de privacidad, que hay que aceptar para registrarse.
            Inténtalo de nuevo en unos minutos.
          </Alert>
          <Button variant="secondary" onClick={() => void privacy.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <RegisterForm
          // A new ?profile= (a link followed while on the page) starts the form again with it.
          key={profileParam}
          initialProfileType={profileParam}
          privacyPolicyUrl={politicsUrl ?? LEGAL_PAGES.privacy.path}
          privacyVersion={privacy.data.version}
          onPrivacyChanged={() => void privacy.refetch()}
          onRegistered={(_user, email) => setSentTo(email)}
        />
      )}
    </AuthPage>
  );
}
