import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import type { SessionUser } from '../types';
import { useForm } from '../../../forms/kit/use-form';
import { fieldErrorsFrom, formErrorMessage } from '../utils/auth-errors';
import { resetPasswordFormSchema } from '../utils/validation';
import { NewPasswordFields } from './new-password-fields';

export const RESET_LINK_INVALID_MESSAGE =
  'El enlace para restablecer la contraseña ha caducado o ya se ha usado.';

const SERVER_FIELDS = ['password', 'passwordConfirmation'] as const;

interface ResetPasswordFormProps {
  /** The `code` of the emailed link. */
  code: string;
  /** The password was changed and the answered session is stored. */
  onReset: (user: SessionUser) => void;
}

/**
 * A new password from an emailed reset link (`POST /api/auth/reset-password`). The API answers a
 * session, which is opened here; a code that no longer works says so and links to ask again.
 */
export function ResetPasswordForm({ code, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const form = useForm({ password: '', passwordConfirmation: '' }, resetPasswordFormSchema);

  // A code that is unknown, spent or older than an hour (ADR 0008).
  const isCodeRefused = reset.error instanceof ApiError && reset.error.code === 'incorrect_code';
  const hasFieldError =
    reset.isError && Object.keys(fieldErrorsFrom(reset.error, SERVER_FIELDS)).length > 0;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        reset.mutate(
          { code, ...values },
          {
            onSuccess: (answer) => onReset(answer.user),
            onError: (error) => form.showServerErrors(fieldErrorsFrom(error, SERVER_FIELDS)),
          },
        ),
      )}
      className="flex flex-col gap-5"
    >
      {isCodeRefused ? (
        <Alert tone="error">
          {RESET_LINK_INVALID_MESSAGE}{' '}
          <Link
            to="/forgot-password"
            className="font-semibold underline underline-offset-4 hover:text-red-950"
          >
            Pide un enlace nuevo
          </Link>
        </Alert>
      ) : reset.isError && !hasFieldError ? (
        <Alert tone="error">{formErrorMessage(reset.error)}</Alert>
      ) : null}
      <NewPasswordFields
        password={form.textProps('password')}
        confirmation={form.textProps('passwordConfirmation')}
        replacing
      />
      <Button type="submit" isPending={reset.isPending} className="w-full">
        Guardar la contraseña
      </Button>
    </form>
  );
}
