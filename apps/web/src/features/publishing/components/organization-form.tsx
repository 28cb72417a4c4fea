import { useMemo } from 'react';
import { DynamicForm } from '../../../forms/dynamic-form';
import type { FormValues } from '../../../forms/types';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';
import type { OrganizationRecord } from '../types';
import {
  buildOrganizationItems,
  toOrganizationPayload,
  toOrganizationUpdate,
  toOrganizationValues,
} from '../utils/organization-items';
import { ApiErrorAlert } from './api-error-alert';

export const CREATE_ORGANIZATION = 'Crear organización';
export const SAVE_ORGANIZATION = 'Guardar cambios';

/** The headings of the form's three steps. */
const ORGANIZATION_STEPS = ['Vuestra organización', 'Dónde encontraros', 'Contacto privado'];

/**
 * Creating the coordinator's organisation (spec §3 Organization with its private contact) with the
 * form engine. `onCreated` runs when the API has created it, before the session reloads: once the
 * session knows the organisation, the route moves on.
 */
export function OrganizationForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateOrganization({ onCreated });
  return (
    <OrganizationSteps
      error={create.error}
      errorFallback="No se ha podido crear la organización. Inténtalo de nuevo en unos minutos."
      submitLabel={CREATE_ORGANIZATION}
      isPending={create.isPending}
      onSubmit={(values) => create.mutate(toOrganizationPayload(values))}
    />
  );
}

/**
 * Editing an organisation with the same form, its saved answers filled in (ADR 0033). `onSaved`
 * runs once the API has saved it.
 */
export function OrganizationEditForm({
  organization,
  onSaved,
}: {
  organization: OrganizationRecord;
  onSaved: (saved: OrganizationRecord) => void;
}) {
  const update = useUpdateOrganization(organization.id);
  const initialValues = useMemo(
    () => toOrganizationValues(organization.attributes),
    [organization],
  );
  return (
    <OrganizationSteps
      initialValues={initialValues}
      error={update.error}
      errorFallback="No se han podido guardar los cambios. Inténtalo de nuevo en unos minutos."
      submitLabel={SAVE_ORGANIZATION}
      isPending={update.isPending}
      onSubmit={(values) => update.mutate(toOrganizationUpdate(values), { onSuccess: onSaved })}
    />
  );
}

interface OrganizationStepsProps {
  initialValues?: FormValues;
  error: unknown;
  errorFallback: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: FormValues) => void;
}

/** The organisation's three steps and what went wrong with the last send. */
function OrganizationSteps({
  initialValues,
  error,
  errorFallback,
  submitLabel,
  isPending,
  onSubmit,
}: OrganizationStepsProps) {
  const items = useMemo(() => buildOrganizationItems(), []);
  return (
    <div className="flex flex-col gap-6">
      <ApiErrorAlert error={error} fallback={errorFallback} />
      <DynamicForm
        items={items}
        initialValues={initialValues}
        onSubmit={(values) => {
          if (!isPending) onSubmit(values);
        }}
        isPending={isPending}
        progressLabel="Progreso de tu organización"
        stepTitles={ORGANIZATION_STEPS}
        submitLabel={submitLabel}
      />
    </div>
  );
}
