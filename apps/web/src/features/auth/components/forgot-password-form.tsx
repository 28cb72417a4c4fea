import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { useForgotPassword } from '../api/forgot-password';
import { useForm } from '../../../forms/kit/use-form';
import { formErrorMessage } from '../utils/auth-errors';
import { emailFormSchema } from '../utils/validation';

export const RESET_LINK_SENT_MESSAGE =
  'Si existe una cuenta con ese correo, te hemos enviado un enlace para crear una contraseña nueva. Caduca en 1 hora.';

/**
 * `POST /api/auth/forgot-password`: the answer is the same whatever the address, and so is the
 * message, so nobody can learn from it who has an account.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm({ email: '' }, emailFormSchema);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) => forgot.mutate(email))}
      className="flex flex-col gap-5"
    >
      <TextField
        {...form.textProps('email')}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
      />
      <Button type="submit" isPending={forgot.isPending} className="w-full">
        Enviarme el enlace
      </Button>
      {forgot.isSuccess ? <Alert tone="success">{RESET_LINK_SENT_MESSAGE}</Alert> : null}
      {forgot.isError ? <Alert tone="error">{formErrorMessage(forgot.error)}</Alert> : null}
    </form>
  );
}
