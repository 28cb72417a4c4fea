import { useMemo } from 'react';
import { DynamicForm } from '../../../forms/dynamic-form';
import type { FormValues } from '../../../forms/types';
import { useCreateOrganization } from '../api/create-organization';
import { buildOrganizationItems, toOrganizationPayload } from '../utils/organization-items';
import { ApiErrorAlert } from './api-error-alert';

export const CREATE_ORGANIZATION = 'Crear organización';

/**
 * Creating the coordinator's organisation (spec §3 Organization with its private contact) with the
 * form engine; `onCreated` runs once the session already knows the organisation.
 */
export function OrganizationForm({ onCreated }: { onCreated: () => void }) {
  const items = useMemo(() => buildOrganizationItems(), []);
  const create = useCreateOrganization();

  const submit = (values: FormValues) => {
    if (create.isPending) return;
    create.mutate(toOrganizationPayload(values), { onSuccess: onCreated });
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
        submitLabel={CREATE_ORGANIZATION}
      />
    </div>
  );
}
