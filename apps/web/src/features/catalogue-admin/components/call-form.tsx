import { useId } from 'react';
import { CALL_DESCRIPTION_MAX } from '@plataforma/shared';
import { Modal } from '../../../components/ui/dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { DateField } from '../../../forms/fields/date-field';
import { TextareaField } from '../../../forms/fields/textarea-field';
import { TextField } from '../../../forms/fields/text-field';
import type { FormItem } from '../../../forms/types';
import { useDegreeChoices } from '../api/get-degrees';
import { useSaveCall } from '../api/save-catalogue';
import type { CallItem, NamedEntry } from '../types';
import { checkCall, type CallField, type CallValues } from '../utils/form-rules';
import {
  ChoiceList,
  FormButtons,
  SaveFailureAlert,
  textFieldProps,
  withChosen,
} from './form-parts';
import { ListError } from './list-states';
import { useCatalogueForm } from './use-catalogue-form';

const NAME: FormItem = {
  type: 'text',
  value: 'name',
  label: 'Nombre de la convocatoria',
  sublabel: 'Por ejemplo «Convocatoria TFG 2026-2027».',
};
const START: FormItem = { type: 'date', value: 'start', label: 'Inicio del periodo académico' };
const END: FormItem = { type: 'date', value: 'end', label: 'Fin del periodo académico' };
const DESCRIPTION: FormItem = {
  type: 'textarea',
  value: 'description',
  label: 'Descripción',
  optional: true,
  maxLength: CALL_DESCRIPTION_MAX,
};
const ORDER: readonly CallField[] = ['name', 'start', 'end', 'description', 'degrees'];

/** Spec §8: what a failed creation says; editing says it of the save. */
export const CALL_CREATE_FAILED = 'Error al crear la convocatoria';
export const CALL_SAVE_FAILED = 'Error al guardar la convocatoria';

interface CallFormDialogProps {
  isOpen: boolean;
  /** The call being edited; null creates one. */
  call: CallItem | null;
  /** The campus being browsed, whose degrees the form offers. */
  campus: NamedEntry;
  /** The degree a new call starts with (it was created from that degree), if any. */
  degree: NamedEntry | null;
  onClose: () => void;
}

/**
 * Creating or editing a call: its degrees, name, academic period and description (spec §7).
 * Two calls of one degree may share a name only when their periods do not overlap (ADR 0047).
 */
export function CallFormDialog({ isOpen, call, campus, degree, onClose }: CallFormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={call ? `Editar la convocatoria «${call.name}»` : 'Nueva convocatoria'}
      size="lg"
    >
      <CallForm call={call} campus={campus} degree={degree} onDone={onClose} />
    </Modal>
  );
}

function CallForm({
  call,
  campus,
  degree,
  onDone,
}: Omit<CallFormDialogProps, 'isOpen' | 'onClose'> & { onDone: () => void }) {
  const formId = useId();
  const ids: Record<CallField, string> = {
    name: `${formId}-name`,
    start: `${formId}-start`,
    end: `${formId}-end`,
    description: `${formId}-description`,
    degrees: `${formId}-degrees`,
  };
  const save = useSaveCall();
  const { values, errors, change, submit, failure } = useCatalogueForm({
    initial: (): CallValues => ({
      name: call?.name ?? '',
      start: call?.start ?? '',
      end: call?.end ?? '',
      description: call?.description ?? '',
      degrees: call ? call.degrees.map((entry) => entry.id) : degree ? [degree.id] : [],
    }),
    ids,
    order: ORDER,
    check: checkCall,
    save,
    id: call?.id ?? null,
    noun: 'la convocatoria',
    headline: call ? CALL_SAVE_FAILED : CALL_CREATE_FAILED,
    onDone,
  });
  const choices = useDegreeChoices(campus.id);
  // The degrees of this campus, and any other the call already belongs to.
  const offered = withChosen(choices.data ?? [], call ? call.degrees : degree ? [degree] : []);
  const text = (item: FormItem, field: 'name' | 'start' | 'end' | 'description') =>
    textFieldProps(item, ids[field], values[field], errors[field], (value) => change(field, value));

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
      <TextField {...text(NAME, 'name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField {...text(START, 'start')} />
        <DateField {...text(END, 'end')} />
      </div>
      <TextareaField {...text(DESCRIPTION, 'description')} />
      {choices.isError ? (
        <ListError
          message="No se han podido cargar los grados del campus."
          onRetry={() => void choices.refetch()}
        />
      ) : choices.isPending ? (
        <LoadingStatus />
      ) : (
        <ChoiceList
          id={ids.degrees}
          legend="Grados de la convocatoria"
          hint={`Los grados de ${campus.name}.`}
          choices={offered}
          chosen={values.degrees}
          error={errors.degrees}
          emptyText="Este campus todavía no ofrece ningún grado: crea uno antes."
          onChange={(chosen) => change('degrees', chosen)}
        />
      )}
      {failure ? <SaveFailureAlert headline={failure.message} reason={failure.reason} /> : null}
      <FormButtons
        submitLabel={call ? 'Guardar cambios' : 'Crear convocatoria'}
        isPending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
