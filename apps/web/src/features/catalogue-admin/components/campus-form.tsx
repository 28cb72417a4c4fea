import { Modal } from '../../../components/ui/dialog';
import { TextField } from '../../../forms/fields/text-field';
import type { FormItem } from '../../../forms/types';
import { useUniversityChoices } from '../api/get-universities';
import { useSaveCampus } from '../api/save-catalogue';
import type { CampusItem, NamedEntry } from '../types';
import { campusFormSchema, type CampusValues } from '../utils/form-rules';
import { FormFooter, SelectShell, withChosen } from './form-parts';
import { ListError } from './list-states';
import { useCatalogueForm } from './use-catalogue-form';

const NAME: FormItem = {
  type: 'text',
  value: 'name',
  label: 'Nombre del campus o facultad',
  sublabel: 'Como lo dice la universidad, por ejemplo «Facultad de Educación».',
};
const UNIVERSITY: FormItem = { type: 'select', value: 'university', label: 'Universidad' };

/** Spec §8: what a failed creation says; editing says it of the save. */
export const CAMPUS_CREATE_FAILED = 'Error al crear el campus';
export const CAMPUS_SAVE_FAILED = 'Error al guardar el campus';

interface CampusFormDialogProps {
  isOpen: boolean;
  /** The campus being edited; null creates one. */
  campus: CampusItem | null;
  /** The university a new campus belongs to unless another is chosen. */
  university: NamedEntry | null;
  onClose: () => void;
}

/** Creating or editing a campus: its name and its university (spec §7, ADR 0047). */
export function CampusFormDialog({ isOpen, campus, university, onClose }: CampusFormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={campus ? `Editar el campus «${campus.name}»` : 'Nuevo campus'}
      description="Un campus o una facultad de una universidad. Su nombre no puede repetirse en la misma universidad."
      size="lg"
    >
      <CampusForm campus={campus} university={university} onDone={onClose} />
    </Modal>
  );
}

function CampusForm({
  campus,
  university,
  onDone,
}: {
  campus: CampusItem | null;
  university: NamedEntry | null;
  onDone: () => void;
}) {
  const save = useSaveCampus();
  const { values, errorOf, change, idOf, textProps, submit, failure, isPending } = useCatalogueForm(
    {
      initial: (): CampusValues => ({
        name: campus?.name ?? '',
        university: String(campus?.university?.id ?? university?.id ?? ''),
      }),
      schema: campusFormSchema,
      save,
      id: campus?.id ?? null,
      noun: 'el campus',
      headline: campus ? CAMPUS_SAVE_FAILED : CAMPUS_CREATE_FAILED,
      onDone,
    },
  );
  const universities = useUniversityChoices();
  const known = [campus?.university, university].filter((entry): entry is NamedEntry => !!entry);

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
      <TextField {...textProps(NAME, 'name')} />
      {universities.isError ? (
        <ListError
          message="No se han podido cargar las universidades."
          onRetry={() => void universities.refetch()}
        />
      ) : (
        <SelectShell
          item={UNIVERSITY}
          id={idOf('university')}
          value={values.university}
          error={errorOf('university')}
          disabled={universities.isPending}
          onChange={(value) => change('university', value)}
        >
          {universities.isPending ? (
            <option value={values.university}>Cargando...</option>
          ) : (
            <>
              <option value="">Elige la universidad</option>
              {withChosen(universities.data, known).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </>
          )}
        </SelectShell>
      )}
      <FormFooter
        failure={failure}
        submitLabel={campus ? 'Guardar cambios' : 'Crear campus'}
        isPending={isPending}
        onCancel={onDone}
      />
    </form>
  );
}
