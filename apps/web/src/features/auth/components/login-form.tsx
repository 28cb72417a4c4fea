import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { useLogin } from '../api/login';
import { useForm } from '../../../forms/kit/use-form';
import { isUnconfirmedEmailError, loginErrorMessage } from '../utils/auth-errors';
import { loginFormSchema, looksLikeEmail } from '../utils/validation';
import { PasswordField } from '../../../components/ui/password-field';
import { ResendConfirmationForm } from './resend-confirmation-form';

/**
 * Email or username, password and "remember me" (`POST /api/auth/local`). On success the session
 * is stored (30-day cookies with remember-me, session cookies without, spec §4 and §9); the page
 * decides where to go. Failures say what spec §8 says; an unconfirmed account is offered a new
 * confirmation link right there.
 */
export function LoginForm() {
  const login = useLogin();
  const form = useForm({ identifier: '', password: '', remember: false }, loginFormSchema);
  const isUnconfirmed = login.isError && isUnconfirmedEmailError(login.error);

  return (
    <div className="flex flex-col gap-6">
      {login.isError ? <Alert tone="error">{loginErrorMessage(login.error)}</Alert> : null}
      {isUnconfirmed ? (
        <section
          aria-labelledby="reenviar-confirmacion"
          className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
        >
          <h2 id="reenviar-confirmacion" className="text-base font-semibold text-slate-900">
            ¿No te ha llegado el correo de confirmación?
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            Abre el enlace que te enviamos al registrarte. Si no lo encuentras o ha caducado, te
            enviamos otro.
          </p>
          <ResendConfirmationForm
            defaultEmail={looksLikeEmail(form.values.identifier) ? form.values.identifier : ''}
          />
        </section>
      ) : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((credentials) => login.mutate(credentials))}
        className="flex flex-col gap-5"
      >
        <TextField
          {...form.textProps('identifier')}
          label="Correo electrónico o nombre de usuario"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            {...form.textProps('password')}
            label="Contraseña"
            autoComplete="current-password"
          />
          <Link
            to="/forgot-password"
            className="self-end rounded text-sm font-semibold text-slate-800 underline underline-offset-4 hover:text-slate-950"
          >
            ¿Has olvidado tu contraseña?
          </Link>
        </div>
        <CheckboxField
          name="remember"
          label="Recordarme en este dispositivo"
          checked={form.values.remember}
          onChange={(event) => form.setValue('remember', event.target.checked)}
        />
        <Button type="submit" isPending={login.isPending} className="w-full">
          Iniciar sesión
        </Button>
      </form>
    </div>
  );
}
