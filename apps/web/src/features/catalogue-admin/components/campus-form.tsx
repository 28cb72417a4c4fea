import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toast';
import { TextField } from '../../../forms/fields/text-field';
import type { FormItem } from '../../../forms/types';
import { useUniversityChoices } from '../api/get-universities';
import { useSaveCampus } from '../api/save-catalogue';
import type { CampusItem, NamedEntry } from '../types';
import {
  checkCampus,
  type CampusField,
  type CampusValues,
  type FieldErrors,
} from '../utils/form-rules';
import {
  focusFirstError,
  FormButtons,
  SaveFailureAlert,
  SelectShell,
  textFieldProps,
  withChosen,
} from './form-parts';
import { ListError } from './list-states';
import { saveFailure } from './save-failure';

const NAME: FormItem = {
  type: 'text',
  value: 'name',
  label: 'Nombre del campus o facultad',
  sublabel: 'Como lo dice la universidad, por ejemplo «Facultad de Educación».',
};
const UNIVERSITY: FormItem = { type: 'select', value: 'university', label: 'Universidad' };
const ORDER: readonly CampusField[] = ['name', 'university'];

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
  const formId = useId();
  const ids: Record<CampusField, string> = {
    name: `${formId}-name`,
    university: `${formId}-university`,
  };
  const [values, setValues] = useState<CampusValues>({
    name: campus?.name ?? '',
    university: String(campus?.university?.id ?? university?.id ?? ''),
  });
  const [errors, setErrors] = useState<FieldErrors<CampusField>>({});
  const universities = useUniversityChoices();
  const save = useSaveCampus();
  const headline = campus ? CAMPUS_SAVE_FAILED : CAMPUS_CREATE_FAILED;
  const failure = save.isError ? saveFailure(save.error, headline) : null;
  const known = [campus?.university, university].filter((entry): entry is NamedEntry => !!entry);

  function change<F extends CampusField>(field: F, value: CampusValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkCampus(values);
        if (!checked.ok) {
          setErrors(checked.errors);
          focusFirstError(ORDER, checked.errors, ids);
          return;
        }
        save.mutate(
          { id: campus?.id ?? null, data: checked.data },
          {
            onSuccess: ({ data }) => {
              showToast(
                campus
                  ? `Has guardado el campus «${data.attributes.name}».`
                  : `Has creado el campus «${data.attributes.name}».`,
              );
              onDone();
            },
            onError: (error) => {
              const { field, reason } = saveFailure(error, headline);
              if (field === 'name' || field === 'university') {
                setErrors({ [field]: reason });
                focusFirstError(ORDER, { [field]: reason }, ids);
              }
            },
          },
        );
      }}
    >
      <TextField
        {...textFieldProps(NAME, ids.name, values.name, errors.name, (value) =>
          change('name', value),
        )}
      />
      {universities.isError ? (
        <ListError
          message="No se han podido cargar las universidades."
          onRetry={() => void universities.refetch()}
        />
      ) : (
        <SelectShell
          item={UNIVERSITY}
          id={ids.university}
          value={values.university}
          error={errors.university}
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
      {failure ? <SaveFailureAlert headline={failure.message} reason={failure.reason} /> : null}
      <FormButtons
        submitLabel={campus ? 'Guardar cambios' : 'Crear campus'}
        isPending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
