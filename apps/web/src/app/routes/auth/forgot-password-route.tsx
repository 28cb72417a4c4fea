import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { LOGIN_PATH } from '../../../features/auth/utils/redirects';
import { AUTH_LINK_CLASSES, AuthPage } from './auth-page';

/** `/forgot-password`: asks for a reset link by email. */
export function ForgotPasswordRoute() {
  return (
    <AuthPage
      title="¿Has olvidado tu contraseña?"
      intro="Escribe el correo de tu cuenta y te enviaremos un enlace para crear una contraseña nueva."
      footer={
        <Link to={LOGIN_PATH} className={AUTH_LINK_CLASSES}>
          Volver a iniciar sesión
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
