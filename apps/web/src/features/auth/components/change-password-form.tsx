import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { useChangePassword } from '../api/change-password';
import { useForm } from '../../../forms/kit/use-form';
import { fieldErrorsFrom, formErrorMessage } from '../utils/auth-errors';
import { changePasswordFormSchema } from '../utils/validation';
import { PasswordField } from '../../../components/ui/password-field';
import { NewPasswordFields } from './new-password-fields';

export const PASSWORD_CHANGED_MESSAGE =
  'Tu contraseña se ha cambiado. Las sesiones abiertas en otros dispositivos se han cerrado.';

const SERVER_FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

/**
 * Change of password for the signed-in user (`POST /api/auth/change-password`), for the profile
 * page. The change ends every other session (ADR 0008); this browser keeps going with the tokens
 * the answer brings.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm(
    { currentPassword: '', password: '', passwordConfirmation: '' },
    changePasswordFormSchema,
  );
  const hasFieldError =
    change.isError && Object.keys(fieldErrorsFrom(change.error, SERVER_FIELDS)).length > 0;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => {
            form.reset();
            showToast(PASSWORD_CHANGED_MESSAGE);
          },
          onError: (error) => form.showServerErrors(fieldErrorsFrom(error, SERVER_FIELDS)),
        }),
      )}
      className="flex max-w-md flex-col gap-5"
    >
      <PasswordField
        {...form.textProps('currentPassword')}
        label="Contraseña actual"
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={form.textProps('password')}
        confirmation={form.textProps('passwordConfirmation')}
        replacing
      />
      <Button type="submit" isPending={change.isPending} className="self-start">
        Cambiar la contraseña
      </Button>
      {change.isError && !hasFieldError ? (
        <Alert tone="error">{formErrorMessage(change.error)}</Alert>
      ) : null}
    </form>
  );
}
