import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { PhoneTextField } from '../../../components/ui/phone-input';
import { cn } from '../../../lib/cn';
import {
  SELF_SERVICE_PROFILE_TYPES,
  useRegister,
  type RegisterInput,
  type SelfServiceProfileType,
} from '../api/register';
import type { SessionUser } from '../types';
import { useForm } from '../../../forms/kit/use-form';
import {
  PRIVACY_CHANGED_MESSAGE,
  fieldErrorsFrom,
  formErrorMessage,
  isPrivacyChangedError,
} from '../utils/auth-errors';
import { registerFormSchema } from '../utils/validation';
import { NewPasswordFields } from './new-password-fields';

/** The three ways to take part (spec §1 audiences); admins are never self-registered. */
const PROFILE_CHOICES: Record<SelfServiceProfileType, { label: string; description: string }> = {
  student: {
    label: 'Estudiante',
    description: 'Busco un proyecto con impacto para mi TFG o TFM.',
  },
  teacher: {
    label: 'Profesor/a',
    description: 'Publico proyectos y tutorizo trabajos finales.',
  },
  coordinator: {
    label: 'Coordinador/a de organización',
    description: 'Represento a una entidad que quiere plantear retos.',
  },
};

/** `?profile=` values that preselect a profile type (spec §2: /register?profile=student). */
export function parseProfileParam(value: string | null): SelfServiceProfileType | '' {
  return (SELF_SERVICE_PROFILE_TYPES as readonly string[]).includes(value ?? '')
    ? (value as SelfServiceProfileType)
    : '';
}

const SERVER_FIELDS = [
  'profileType',
  'name',
  'surname',
  'email',
  'phone',
  'password',
  'passwordConfirmation',
] as const;

interface RegisterFormProps {
  /** Preselected profile type ('' for none). */
  initialProfileType: SelfServiceProfileType | '';
  /**
   * Where the privacy policy is read: the branding's politicsUrl (spec §3) when it has one, else
   * the platform's own page (ADR 0035).
   */
  privacyPolicyUrl: string;
  /** The version of the privacy text the person accepts (sent with the account, ADR 0035). */
  privacyVersion: number;
  /** The server refused that version: a newer one exists and the page reads it again. */
  onPrivacyChanged: () => void;
  /** The account was created (unconfirmed); `email` is where the confirmation link went. */
  onRegistered: (user: SessionUser, email: string) => void;
}

/**
 * Self sign-up (`POST /api/users-permissions/register-partialy`). Every field is required but the
 * phone (spec §5); the password follows the API's policy (ADR 0008: at least 12 characters; the
 * server also refuses common ones, and its message shows under the field).
 */
export function RegisterForm({
  initialProfileType,
  privacyPolicyUrl,
  privacyVersion,
  onPrivacyChanged,
  onRegistered,
}: RegisterFormProps) {
  const register = useRegister();
  const ids = useId();
  const form = useForm(
    {
      profileType: initialProfileType,
      name: '',
      surname: '',
      email: '',
      phone: '',
      password: '',
      passwordConfirmation: '',
      privacyAccepted: false,
    },
    registerFormSchema,
  );

  // Spain (+34) by default, another country chosen or typed with its prefix (spec §5, §9).
  const phone = form.textProps('phone');

  const submit = form.handleSubmit(({ profileType }, values) => {
    const input: RegisterInput = { ...values, profileType, privacyVersion };
    register.mutate(input, {
      onSuccess: (answer) => onRegistered(answer.user, values.email.trim()),
      onError: (error) => {
        if (isPrivacyChangedError(error)) {
          // Consent is to a text the person could read: they tick the box again for the new one.
          form.setValue('privacyAccepted', false);
          form.showServerErrors({ privacyAccepted: PRIVACY_CHANGED_MESSAGE });
          onPrivacyChanged();
          return;
        }
        form.showServerErrors(fieldErrorsFrom(error, SERVER_FIELDS));
      },
    });
  });

  const hasFieldErrorFromServer =
    register.isError &&
    (isPrivacyChangedError(register.error) ||
      Object.keys(fieldErrorsFrom(register.error, SERVER_FIELDS)).length > 0);
  const profileError = form.errorOf('profileType');
  const privacyError = form.errorOf('privacyAccepted');

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      {register.isError && !hasFieldErrorFromServer ? (
        <Alert tone="error">{formErrorMessage(register.error)}</Alert>
      ) : null}

      <div
        role="radiogroup"
        aria-labelledby={`${ids}-profile`}
        aria-describedby={profileError ? `${ids}-profile-error` : undefined}
        aria-invalid={profileError ? true : undefined}
        aria-required="true"
        className="flex flex-col gap-3"
      >
        <p id={`${ids}-profile`} className="text-sm font-semibold text-slate-900">
          ¿Cómo quieres participar?
        </p>
        <div className="grid gap-3">
          {SELF_SERVICE_PROFILE_TYPES.map((type) => {
            const choice = PROFILE_CHOICES[type];
            const isChecked = form.values.profileType === type;
            return (
              <label
                key={type}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-main',
                  isChecked
                    ? 'border-main bg-main/5 ring-1 ring-main'
                    : profileError
                      ? 'border-red-700'
                      : 'border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name="profileType"
                  value={type}
                  checked={isChecked}
                  onChange={() => form.setValue('profileType', type)}
                  onBlur={() => form.markVisited('profileType')}
                  aria-describedby={`${ids}-${type}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-main focus-visible:outline-none"
                />
                <span className="flex flex-col">
                  <span className="text-base font-semibold text-slate-900">{choice.label}</span>
                  <span id={`${ids}-${type}-description`} className="text-sm text-slate-600">
                    {choice.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {profileError ? (
          <p id={`${ids}-profile-error`} className="text-sm font-medium text-red-700">
            {profileError}
          </p>
        ) : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...form.textProps('name')} label="Nombre" autoComplete="given-name" />
        <TextField {...form.textProps('surname')} label="Apellidos" autoComplete="family-name" />
      </div>
      <TextField
        {...form.textProps('email')}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        hint="Te enviaremos un enlace para confirmarlo."
      />
      <PhoneTextField
        name={phone.name}
        value={phone.value}
        onChange={(typed) => form.setValue('phone', typed)}
        onBlur={phone.onBlur}
        error={phone.error}
        label="Teléfono"
        isOptional
      />
      <NewPasswordFields
        password={form.textProps('password')}
        confirmation={form.textProps('passwordConfirmation')}
      />

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label className="inline-flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              name="privacyAccepted"
              checked={form.values.privacyAccepted}
              onChange={(event) => form.setValue('privacyAccepted', event.target.checked)}
              onBlur={() => form.markVisited('privacyAccepted')}
              aria-invalid={privacyError ? true : undefined}
              aria-describedby={privacyError ? `${ids}-privacy-error` : undefined}
              className="size-4 shrink-0 rounded border-slate-400 accent-main"
            />
            He leído y acepto la política de privacidad
          </label>
          {/* A new tab, so what the person already typed stays here. */}
          <a
            href={privacyPolicyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded text-sm font-semibold text-slate-800 underline underline-offset-4 hover:text-slate-950"
          >
            (leer la política de privacidad
            <span className="sr-only">, se abre en una pestaña nueva</span>)
          </a>
        </div>
        {privacyError ? (
          <p id={`${ids}-privacy-error`} className="text-sm font-medium text-red-700">
            {privacyError}
          </p>
        ) : null}
      </div>

      <Button type="submit" isPending={register.isPending} className="w-full">
        Crear mi cuenta
      </Button>
    </form>
  );
}
