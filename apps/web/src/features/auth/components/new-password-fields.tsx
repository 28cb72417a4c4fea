import { PASSWORD_MESSAGES } from '@plataforma/shared';
import { PasswordField } from '../../../components/ui/password-field';

type TextProps = Omit<Parameters<typeof PasswordField>[0], 'label'>;

/**
 * A new password and its repetition, with the password rules' hint (ADR 0008), as sign-up,
 * a reset and a change of password ask for them. `replacing` says "nueva" where an old one exists.
 */
export function NewPasswordFields({
  password,
  confirmation,
  replacing = false,
}: {
  password: TextProps;
  confirmation: TextProps;
  replacing?: boolean;
}) {
  return (
    <>
      <PasswordField
        {...password}
        label={replacing ? 'Nueva contraseña' : 'Contraseña'}
        autoComplete="new-password"
        hint={PASSWORD_MESSAGES.hint}
      />
      <PasswordField
        {...confirmation}
        label={replacing ? 'Repite la nueva contraseña' : 'Repite la contraseña'}
        autoComplete="new-password"
      />
    </>
  );
}
