import { Modal } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextField } from '../../../forms/fields/text-field';
import type { FormItem } from '../../../forms/types';
import { useCampusChoices } from '../api/get-campuses';
import { useSaveDegree } from '../api/save-catalogue';
import type { DegreeItem, NamedEntry } from '../types';
import { DURATION_CHOICES, degreeFormSchema, type DegreeValues } from '../utils/form-rules';
import { durationText } from '../utils/texts';
import { ChoiceList, FormFooter, SelectShell, withChosen } from './form-parts';
import { ListError } from './list-states';
import { useCatalogueForm } from './use-catalogue-form';

const NAME: FormItem = {
  type: 'text',
  value: 'name',
  label: 'Nombre del grado o máster',
  sublabel: 'Por ejemplo «Grado en Educación Primaria». No puede repetirse en un mismo campus.',
};
const DURATION: FormItem = { type: 'select', value: 'duration', label: 'Duración' };

/** Spec §8: what a failed creation says; editing says it of the save. */
export const DEGREE_CREATE_FAILED = 'Error al crear el grado';
export const DEGREE_SAVE_FAILED = 'Error al guardar el grado';

interface DegreeFormDialogProps {
  isOpen: boolean;
  /** The degree being edited; null creates one. */
  degree: DegreeItem | null;
  /** The campus being browsed: a new degree is offered there unless unticked. */
  campus: NamedEntry;
  /** Its university, whose campuses the form offers. */
  university: NamedEntry | null;
  onClose: () => void;
}

/** Creating or editing a degree: name, duration, máster or not, its campuses (spec §7). */
export function DegreeFormDialog({
  isOpen,
  degree,
  campus,
  university,
  onClose,
}: DegreeFormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={degree ? `Editar el grado «${degree.name}»` : 'Nuevo grado'}
      size="lg"
    >
      <DegreeForm degree={degree} campus={campus} university={university} onDone={onClose} />
    </Modal>
  );
}

function DegreeForm({
  degree,
  campus,
  university,
  onDone,
}: Omit<DegreeFormDialogProps, 'isOpen' | 'onClose'> & { onDone: () => void }) {
  const save = useSaveDegree();
  const { values, errorOf, change, idOf, textProps, submit, failure, isPending } = useCatalogueForm(
    {
      initial: (): DegreeValues => ({
        name: degree?.name ?? '',
        duration: degree?.duration === null || !degree ? '' : String(degree.duration),
        master: degree?.master ?? false,
        campuses: degree ? degree.campuses.map((entry) => entry.id) : [campus.id],
      }),
      schema: degreeFormSchema,
      save,
      id: degree?.id ?? null,
      noun: 'el grado',
      headline: degree ? DEGREE_SAVE_FAILED : DEGREE_CREATE_FAILED,
      onDone,
    },
  );
  const choices = useCampusChoices(university?.id ?? null);
  // The campuses of this university, and any other the degree is already offered at.
  const offered = withChosen(
    university ? (choices.data ?? []) : [],
    degree ? degree.campuses : [campus],
  );

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
      <TextField {...textProps(NAME, 'name')} />
      <SelectShell
        item={DURATION}
        id={idOf('duration')}
        value={values.duration}
        error={errorOf('duration')}
        onChange={(value) => change('duration', value)}
      >
        <option value="">Elige la duración</option>
        {DURATION_CHOICES.map((years) => (
          <option key={years} value={years}>
            {durationText(years)}
          </option>
        ))}
      </SelectShell>
      <CheckboxField
        label="Es un máster"
        checked={values.master}
        onChange={(event) => change('master', event.target.checked)}
      />
      {choices.isError ? (
        <ListError
          message="No se han podido cargar los campus de la universidad."
          onRetry={() => void choices.refetch()}
        />
      ) : university && choices.isPending ? (
        <LoadingStatus />
      ) : (
        <ChoiceList
          id={idOf('campuses')}
          legend="Campus que lo ofrecen"
          hint={university ? `Los campus de ${university.name}.` : undefined}
          choices={offered}
          chosen={values.campuses}
          error={errorOf('campuses')}
          emptyText="Esta universidad todavía no tiene campus."
          onChange={(chosen) => change('campuses', chosen)}
        />
      )}
      <FormFooter
        failure={failure}
        submitLabel={degree ? 'Guardar cambios' : 'Crear grado'}
        isPending={isPending}
        onCancel={onDone}
      />
    </form>
  );
}
