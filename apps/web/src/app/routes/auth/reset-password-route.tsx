import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { homeFor, LOGIN_PATH } from '../../../features/auth/utils/redirects';
import { AUTH_LINK_CLASSES, AuthPage } from './auth-page';

export const RESET_LINK_MISSING_MESSAGE =
  'Este enlace no es válido: le falta el código. Ábrelo tal como llegó en el correo o pide uno nuevo.';

/**
 * `/reset-password?code=` (the emailed reset link, ADR 0008): a new password, which opens a
 * session; then the profile's home.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');

  return (
    <AuthPage
      title="Crea una contraseña nueva"
      intro={code ? 'Elige la contraseña con la que entrarás a partir de ahora.' : undefined}
      footer={
        <Link to={LOGIN_PATH} className={AUTH_LINK_CLASSES}>
          Volver a iniciar sesión
        </Link>
      }
    >
      {code ? (
        <ResetPasswordForm
          code={code}
          onReset={(user) => {
            void navigate(homeFor(user.profileType), { replace: true });
          }}
        />
      ) : (
        <Alert tone="error">
          {RESET_LINK_MISSING_MESSAGE}{' '}
          <Link
            to="/forgot-password"
            className="font-semibold underline underline-offset-4 hover:text-red-950"
          >
            Pide un enlace nuevo
          </Link>
        </Alert>
      )}
    </AuthPage>
  );
}
