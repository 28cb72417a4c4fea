import type { UseMutationResult } from '@tanstack/react-query';
import type { FormSchema } from '@plataforma/shared';
import { useId } from 'react';
import { showToast } from '../../../components/ui/toast';
import { useForm } from '../../../forms/kit/use-form';
import type { FieldProps, FormItem, FormValue } from '../../../forms/types';
import type { SaveInput } from '../api/save-catalogue';
import { saveFailure } from './save-failure';

interface CatalogueFormOptions<V, D> {
  /** The values the form starts with (the entry edited, or a new one's defaults). */
  initial: () => V;
  /** The form's schema (form-rules.ts): its checks, and the body it sends. */
  schema: FormSchema<V, D>;
  save: Pick<
    UseMutationResult<{ data: { attributes: { name: string } } }, Error, SaveInput<D>>,
    'mutate' | 'isError' | 'error' | 'isPending'
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
 * The catalogue's forms (campus, degree, call) on the form kit (ADR 0073): each field's id and
 * error, the engine renderers' props, the confirmation toast, and a refusal of the API shown by
 * the field it names.
 */
export function useCatalogueForm<V extends Record<string, unknown>, D>(
  options: CatalogueFormOptions<V, D>,
) {
  const { save, id, noun, headline, onDone } = options;
  const formId = useId();
  const form = useForm(options.initial, options.schema);
  const failure = save.isError ? saveFailure(save.error, headline) : null;

  const idOf = (field: keyof V & string) => `${formId}-${field}`;

  /** The props of an engine field renderer for a text value of the form. */
  const textProps = (item: FormItem, field: keyof V & string): FieldProps => ({
    item,
    id: idOf(field),
    value: form.values[field] as string,
    values: {},
    error: form.errorOf(field),
    onBlur: (event) => form.leave(field, event),
    onChange: (next: FormValue) =>
      form.setValue(field, (typeof next === 'string' ? next : '') as V[typeof field]),
  });

  const submit = form.handleSubmit((data) =>
    save.mutate(
      { id, data },
      {
        onSuccess: ({ data: saved }) => {
          const done = id === null ? 'creado' : 'guardado';
          showToast(`Has ${done} ${noun} «${saved.attributes.name}».`);
          onDone();
        },
        onError: (error) => {
          const { field, reason } = saveFailure(error, headline);
          if (field !== undefined && field in form.values) {
            form.showServerErrors({ [field]: reason } as Partial<Record<keyof V, string>>);
          }
        },
      },
    ),
  );

  return {
    values: form.values,
    errorOf: form.errorOf,
    change: form.setValue,
    idOf,
    textProps,
    submit,
    failure,
    isPending: save.isPending,
  };
}
