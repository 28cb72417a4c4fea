import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { useSendEmailConfirmation } from '../api/send-email-confirmation';
import { useForm } from '../../../forms/kit/use-form';
import { formErrorMessage } from '../utils/auth-errors';
import { emailFormSchema } from '../utils/validation';

export const CONFIRMATION_RESENT_MESSAGE =
  'Si la cuenta existe y aún no está confirmada, te hemos enviado un nuevo enlace de confirmación. Revisa también la carpeta de correo no deseado.';

interface ResendConfirmationFormProps {
  /** Pre-filled address (what the person typed to sign in, when it is an email). */
  defaultEmail?: string;
  /** The button's text. */
  submitLabel?: string;
}

/**
 * Asks for a new confirmation link (`POST /api/auth/send-email-confirmation`). The answer is the
 * same for any address, so the message never says whether an account exists.
 */
export function ResendConfirmationForm({
  defaultEmail = '',
  submitLabel = 'Reenviar el correo de confirmación',
}: ResendConfirmationFormProps) {
  const resend = useSendEmailConfirmation();
  const form = useForm({ email: defaultEmail }, emailFormSchema);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) => resend.mutate(email))}
      className="flex flex-col gap-4"
    >
      <TextField
        {...form.textProps('email')}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
      />
      <Button type="submit" variant="secondary" isPending={resend.isPending}>
        {submitLabel}
      </Button>
      {resend.isSuccess ? <Alert tone="success">{CONFIRMATION_RESENT_MESSAGE}</Alert> : null}
      {resend.isError ? <Alert tone="error">{formErrorMessage(resend.error)}</Alert> : null}
    </form>
  );
}
