import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/ui/toast';
import type { SaveInput } from '../api/save-catalogue';
import type { Checked, FieldErrors } from '../utils/form-rules';
import { focusFirstError } from './form-parts';
import { saveFailure } from './save-failure';

interface CatalogueFormOptions<V, F extends string, D> {
  /** The values the form starts with (the entry edited, or a new one's defaults). */
  initial: () => V;
  /** Each field's element id, and the order in which the first wrong one takes the focus. */
  ids: Record<F, string>;
  order: readonly F[];
  check: (values: V) => Checked<D, F>;
  save: Pick<
    UseMutationResult<{ data: { attributes: { name: string } } }, Error, SaveInput<D>>,
    'mutate' | 'isError' | 'error'
  >;
  /** The entry edited, or null for a new one. */
  id: number | null;
  /** How the confirmation names the entry: «el campus», «el grado», «la convocatoria». */
  noun: string;
  /** Spec §8's headline of a failed save ("Error al crear el grado"). */
  headline: string;
  onDone: () => void;
}

/**
 * The state and the submission shared by the catalogue's forms (campus, degree, call): the
 * values, each field's error, the checks before sending (the first wrong field focused), the
 * confirmation toast, and a refusal of the API shown by the field it names.
 */
export function useCatalogueForm<V extends object, F extends string, D>(
  options: CatalogueFormOptions<V, F, D>,
) {
  const { ids, order, check, save, id, noun, headline, onDone } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const failure = save.isError ? saveFailure(save.error, headline) : null;

  function change<K extends keyof V>(field: K, value: V[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(found: FieldErrors<F>) {
    setErrors(found);
    focusFirstError(order, found, ids);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    save.mutate(
      { id, data: checked.data },
      {
        onSuccess: ({ data }) => {
          const done = id === null ? 'creado' : 'guardado';
          showToast(`Has ${done} ${noun} «${data.attributes.name}».`);
          onDone();
        },
        onError: (error) => {
          const { field, reason } = saveFailure(error, headline);
          if (field !== undefined && field in ids)
            showErrors({ [field]: reason } as FieldErrors<F>);
        },
      },
    );
  }

  return { values, errors, change, submit, failure };
}
