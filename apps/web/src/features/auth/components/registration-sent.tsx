import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { useSendEmailConfirmation } from '../api/send-email-confirmation';
import { formErrorMessage } from '../utils/auth-errors';
import { LOGIN_PATH } from '../utils/redirects';

/**
 * After signing up: the account waits for its email to be confirmed (ADR 0008). Says where the
 * link went and offers to send it again. The heading takes the focus, so screen readers announce
 * the new screen instead of staying on a button that no longer exists.
 */
export function RegistrationSent({ email }: { email: string }) {
  const resend = useSendEmailConfirmation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="flex flex-col gap-5">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
      >
        Revisa tu correo
      </h1>
      <p className="text-base leading-7 text-slate-700">
        Te hemos enviado un enlace a <strong className="break-all text-slate-900">{email}</strong>{' '}
        para confirmar tu cuenta. Ábrelo y después inicia sesión. El enlace es válido durante 7
        días.
      </p>
      <p className="text-sm leading-6 text-slate-600">
        ¿No lo encuentras? Mira en la carpeta de correo no deseado o pide que te lo enviemos de
        nuevo.
      </p>
      <Button variant="secondary" isPending={resend.isPending} onClick={() => resend.mutate(email)}>
        Reenviar el correo de confirmación
      </Button>
      {resend.isSuccess ? (
        <Alert tone="success">Te hemos enviado un nuevo enlace de confirmación.</Alert>
      ) : null}
      {resend.isError ? <Alert tone="error">{formErrorMessage(resend.error)}</Alert> : null}
      <Link
        to={LOGIN_PATH}
        className="self-start rounded text-sm font-semibold text-slate-800 underline underline-offset-4 hover:text-slate-950"
      >
        Ir a iniciar sesión
      </Link>
    </div>
  );
}
