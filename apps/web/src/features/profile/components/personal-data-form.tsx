import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { PhoneTextField } from '../../../components/ui/phone-input';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useUpdateMe } from '../api/update-me';
import type { ProfileUser } from '../types';
import { useForm } from '../../../forms/kit/use-form';
import {
  INVALID_FORMAT_MESSAGE,
  personalDataSchema,
  type PersonalData,
} from '../utils/personal-data';

export const PERSONAL_DATA_SAVED_MESSAGE = 'Tus datos se han guardado.';

type FieldName = keyof PersonalData;

/** The fields a refusal of `PUT /api/user/me` points at (Strapi ValidationError details). */
function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const issues = Array.isArray(error.details.errors) ? (error.details.errors as unknown[]) : [];
  const fields: Partial<Record<FieldName, string>> = {};
  for (const issue of issues) {
    const path = (issue as { path?: unknown }).path;
    const field: unknown = Array.isArray(path) ? (path as unknown[])[0] : undefined;
    if (field === 'name' || field === 'surname' || field === 'phone') {
      fields[field] = INVALID_FORMAT_MESSAGE;
    }
  }
  return fields;
}

/**
 * Personal data (`PUT /api/user/me`): name, surname and phone; the email is shown but cannot be
 * changed here. A field's error shows once it has been edited and left, or after a refused send
 * (spec §5: forms validate on change), and the first invalid field takes the focus (the form kit).
 */
export function PersonalDataForm({ user }: { user: ProfileUser }) {
  const save = useUpdateMe();
  const form = useForm(
    { name: user.name ?? '', surname: user.surname ?? '', phone: user.phone ?? '' },
    personalDataSchema,
  );
  const serverErrors = save.isError ? serverFieldErrors(save.error) : {};

  // A change after a failed save starts afresh: the failure's message goes.
  const setValue = (field: FieldName, value: string) => {
    if (!save.isPending) save.reset();
    form.setValue(field, value);
  };
  const fieldProps = (field: FieldName) => ({
    ...form.textProps(field),
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
  });

  // Spain (+34) by default, another country chosen or typed with its prefix (spec §5, §9).
  const { onChange: _onTyped, ...phoneProps } = fieldProps('phone');

  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => showToast(PERSONAL_DATA_SAVED_MESSAGE),
      onError: (error) => form.showServerErrors(serverFieldErrors(error)),
    }),
  );

  const hasServerFieldError = Object.keys(serverErrors).length > 0;
  return (
    <form noValidate onSubmit={submit} className="@container flex flex-col gap-5">
      <div className="grid gap-5 @lg:grid-cols-2">
        <TextField {...fieldProps('name')} label="Nombre" autoComplete="given-name" />
        <TextField {...fieldProps('surname')} label="Apellidos" autoComplete="family-name" />
        <PhoneTextField
          {...phoneProps}
          onChange={(phone) => setValue('phone', phone)}
          label="Teléfono"
          isOptional
        />
        <TextField
          name="email"
          label="Correo electrónico"
          type="email"
          value={user.email}
          readOnly
          hint="Es el correo con el que entras; no se puede cambiar desde aquí."
        />
      </div>
      <div className="flex flex-col gap-3">
        <Button type="submit" isPending={save.isPending} className="self-start">
          Guardar cambios
        </Button>
        {save.isError && !hasServerFieldError ? (
          <Alert tone="error">
            No se han podido guardar tus datos. Inténtalo de nuevo en unos minutos.
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
