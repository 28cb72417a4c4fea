import { useMemo } from 'react';
import { Alert } from '../../../components/ui/alert';
import type { TfxRecord } from '../../../entities/tfx/types';
import { DynamicForm } from '../../../forms/dynamic-form';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useSaveWork } from '../api/save-work';
import { buildWorkItems, toWorkPayload, toWorkValues } from '../utils/work-items';

/** What went wrong with a send, in Spanish: the API's own refusal when it words one. */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return 'No se pudo conectar con el servidor.';
    if (error.status === 403) return 'Ahora mismo no puedes subir trabajos.';
    if (error.isClientError && error.message.trim() !== '') return error.message;
  }
  return 'No se ha podido enviar tu trabajo. Inténtalo de nuevo en unos minutos.';
}

interface WorkFormProps {
  degreeName: string | null;
  /** The work to correct, its answers filled in; none to upload a new one. */
  work?: TfxRecord;
  onSent: () => void;
}

/**
 * The final-work form on the form engine (spec §3, §5): a new work is created pending; a pending
 * or rejected one is corrected in place and goes (back) to review.
 */
export function WorkForm({ degreeName, work, onSent }: WorkFormProps) {
  const save = useSaveWork(onSent);
  const items = useMemo(() => buildWorkItems({ degreeName }), [degreeName]);
  const initialValues = useMemo(() => (work ? toWorkValues(work) : undefined), [work]);
  return (
    <div className="flex flex-col gap-6">
      {save.error ? <Alert tone="error">{sendErrorMessage(save.error)}</Alert> : null}
      <DynamicForm
        items={items}
        initialValues={initialValues}
        progressLabel="Tu trabajo final"
        submitLabel={work ? 'Reenviar a revisión' : 'Enviar a revisión'}
        isPending={save.isPending}
        onSubmit={(values) => {
          const data = toWorkPayload(values);
          if (!data || save.isPending) return;
          save.mutate({ id: work?.id, data });
        }}
      />
    </div>
  );
}
