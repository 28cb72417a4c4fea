import { useMemo } from 'react';
import { DynamicForm } from '../../../forms/dynamic-form';
import type { FormValues } from '../../../forms/types';
import { useCreateOrganization } from '../api/create-organization';
import { buildOrganizationItems, toOrganizationPayload } from '../utils/organization-items';
import { ApiErrorAlert } from './api-error-alert';

export const CREATE_ORGANIZATION = 'Crear organización';

/** The headings of the form's three steps. */
const ORGANIZATION_STEPS = ['Vuestra organización', 'Dónde encontraros', 'Contacto privado'];

/**
 * Creating the coordinator's organisation (spec §3 Organization with its private contact) with the
 * form engine. `onCreated` runs when the API has created it, before the session reloads: once the
 * session knows the organisation, the route moves on.
 */
export function OrganizationForm({ onCreated }: { onCreated: () => void }) {
  const items = useMemo(() => buildOrganizationItems(), []);
  const create = useCreateOrganization({ onCreated });

  const submit = (values: FormValues) => {
    if (create.isPending) return;
    create.mutate(toOrganizationPayload(values));
  };

  return (
    <div className="flex flex-col gap-6">
      <ApiErrorAlert
        error={create.error}
        fallback="No se ha podido crear la organización. Inténtalo de nuevo en unos minutos."
      />
      <DynamicForm
        items={items}
        onSubmit={submit}
        progressLabel="Progreso de tu organización"
        stepTitles={ORGANIZATION_STEPS}
        submitLabel={CREATE_ORGANIZATION}
      />
    </div>
  );
}
