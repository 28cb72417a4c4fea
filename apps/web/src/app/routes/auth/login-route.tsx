import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ApiError } from '../../../lib/api-client';
import { useExchangeLoginLink } from '../../../features/auth/api/exchange-login-link';
import { LoginForm } from '../../../features/auth/components/login-form';
import { LoginLinkRequest } from '../../../features/auth/components/login-link-request';
import { RedirectAfterSignIn } from '../../../features/auth/components/redirect-after-sign-in';
import { ResendConfirmationForm } from '../../../features/auth/components/resend-confirmation-form';
import { useSession } from '../../../features/auth/hooks/use-session';
import { formErrorMessage } from '../../../features/auth/utils/auth-errors';
import { REDIRECT_PARAM } from '../../../features/auth/utils/redirects';
import { AUTH_LINK_CLASSES, AuthPage } from './auth-page';

/** Query parameter of an emailed sign-in link (ADR 0008). */
const LOGIN_TOKEN_PARAM = 'loginToken';

export const EMAIL_CONFIRMED_MESSAGE = 'Tu correo está confirmado. Ya puedes iniciar sesión.';
export const CONFIRMATION_EXPIRED_MESSAGE =
  'El enlace de confirmación ha caducado. Escribe tu correo y te enviaremos uno nuevo.';
export const CONFIRMATION_INVALID_MESSAGE =
  'El enlace de confirmación no es válido. Comprueba que lo has abierto entero o pide uno nuevo.';
export const LOGIN_LINK_FAILED_MESSAGE =
  'El enlace para entrar ha caducado o ya se ha usado. Pide uno nuevo o inicia sesión con tu contraseña.';

/**
 * `/user/auth/login` (spec §2): "Iniciar sesión". Also the landing of the emailed links: the
 * confirmation link comes back with `?confirmed=true|false&reason=`, and a sign-in link with
 * `?loginToken=`, exchanged here for a session. Signed-in visitors go straight on to where they
 * were going, or to their home.
 */
export function LoginRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const loginToken = params.get(LOGIN_TOKEN_PARAM);
  const exchange = useExchangeLoginLink();
  const { mutate: exchangeLink } = exchange;
  // A token is single use: never send it twice (React runs effects twice in development).
  const exchangedToken = useRef<string | null>(null);

  useEffect(() => {
    if (!loginToken || session.status !== 'anonymous') return;
    if (exchangedToken.current === loginToken) return;
    exchangedToken.current = loginToken;
    exchangeLink(loginToken, {
      // A dead link leaves the address, so reloading the page does not try it again.
      onError: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(LOGIN_TOKEN_PARAM);
            return next;
          },
          { replace: true },
        ),
    });
  }, [loginToken, session.status, exchangeLink, setParams]);

  if (session.status === 'authenticated') {
    return (
      <RedirectAfterSignIn
        requestedTarget={params.get(REDIRECT_PARAM)}
        profileType={session.user?.profileType}
      />
    );
  }
  if (session.status === 'loading') return <LoadingStatus />;
  if (loginToken && !exchange.isError) return <LoadingStatus label="Abriendo tu sesión..." />;

  return (
    <AuthPage
      title="Iniciar sesión"
      footer={
        <p>
          ¿Aún no tienes cuenta?{' '}
          <Link to="/register" className={AUTH_LINK_CLASSES}>
            Regístrate
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-6">
        <ConfirmationNotice confirmed={params.get('confirmed')} reason={params.get('reason')} />
        {exchange.isError ? (
          <Alert tone="error">
            {exchange.error instanceof ApiError && exchange.error.status === 400
              ? LOGIN_LINK_FAILED_MESSAGE
              : formErrorMessage(exchange.error)}
          </Alert>
        ) : null}
        <LoginForm />
        <LoginLinkRequest />
      </div>
    </AuthPage>
  );
}

/**
 * Where the confirmation link of the sign-up email lands (ADR 0008): confirmed, or not (expired or
 * invalid link) with a way to ask for a new one.
 */
function ConfirmationNotice({
  confirmed,
  reason,
}: {
  confirmed: string | null;
  reason: string | null;
}) {
  if (confirmed === 'true') return <Alert tone="success">{EMAIL_CONFIRMED_MESSAGE}</Alert>;
  if (confirmed !== 'false') return null;
  return (
    <section
      aria-labelledby="confirmacion-fallida"
      className="flex flex-col gap-4 rounded-xl border border-red-300 bg-red-50 p-4 sm:p-5"
    >
      <h2 id="confirmacion-fallida" className="text-base font-semibold text-red-900">
        No hemos podido confirmar tu correo
      </h2>
      <p role="alert" className="text-sm text-red-900">
        {reason === 'expired' ? CONFIRMATION_EXPIRED_MESSAGE : CONFIRMATION_INVALID_MESSAGE}
      </p>
      <ResendConfirmationForm submitLabel="Enviarme un enlace nuevo" />
    </section>
  );
}
