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
import { callFormSchema, type CallValues } from '../utils/form-rules';
import { ChoiceList, FormFooter, withChosen } from './form-parts';
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
  const save = useSaveCall();
  const { values, errorOf, change, idOf, textProps, submit, failure, isPending } = useCatalogueForm(
    {
      initial: (): CallValues => ({
        name: call?.name ?? '',
        start: call?.start ?? '',
        end: call?.end ?? '',
        description: call?.description ?? '',
        degrees: call ? call.degrees.map((entry) => entry.id) : degree ? [degree.id] : [],
      }),
      schema: callFormSchema,
      save,
      id: call?.id ?? null,
      noun: 'la convocatoria',
      headline: call ? CALL_SAVE_FAILED : CALL_CREATE_FAILED,
      onDone,
    },
  );
  const choices = useDegreeChoices(campus.id);
  // The degrees of this campus, and any other the call already belongs to.
  const offered = withChosen(choices.data ?? [], call ? call.degrees : degree ? [degree] : []);

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
      <TextField {...textProps(NAME, 'name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField {...textProps(START, 'start')} />
        <DateField {...textProps(END, 'end')} />
      </div>
      <TextareaField {...textProps(DESCRIPTION, 'description')} />
      {choices.isError ? (
        <ListError
          message="No se han podido cargar los grados del campus."
          onRetry={() => void choices.refetch()}
        />
      ) : choices.isPending ? (
        <LoadingStatus />
      ) : (
        <ChoiceList
          id={idOf('degrees')}
          legend="Grados de la convocatoria"
          hint={`Los grados de ${campus.name}.`}
          choices={offered}
          chosen={values.degrees}
          error={errorOf('degrees')}
          emptyText="Este campus todavía no ofrece ningún grado: crea uno antes."
          onChange={(chosen) => change('degrees', chosen)}
        />
      )}
      <FormFooter
        failure={failure}
        submitLabel={call ? 'Guardar cambios' : 'Crear convocatoria'}
        isPending={isPending}
        onCancel={onDone}
      />
    </form>
  );
}
