import { Description, Field, Label, Switch, Textarea } from '@headlessui/react';
import {
  INTEREST_THEMES,
  PURPOSE_TAGS,
  THESIS_STAGES,
  THESIS_STAGE_LABELS,
  type ThesisStage,
} from '@plataforma/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { ResourceFormErrors, ResourceFormValues, ResourceSubmission } from '../types';
import {
  FIELD_ORDER,
  RESOURCE_LIMITS,
  toPictureAltChange,
  toResourceWriteData,
  validateResourceForm,
} from '../utils/resource-form';
import { ChecklistField } from './checklist-field';
import { PictureField } from './picture-field';

const TOPIC_GROUPS = INTEREST_THEMES.map((theme) => ({ label: theme.name, options: theme.tags }));
const PURPOSE_GROUPS = [{ label: '', options: PURPOSE_TAGS }];

/** What the admin asked for with the button they pressed. */
export type ResourceFormIntent = 'publish' | 'draft' | 'save';

interface ResourceFormProps {
  initialValues: ResourceFormValues;
  /** null for a new resource; else whether the stored one is published. */
  isPublished: boolean | null;
  /** Sends the data (and the picture's new alternative text); rejects with the API's error. */
  onSubmit: (submission: ResourceSubmission, intent: ResourceFormIntent) => Promise<void>;
  onCancel: () => void;
}

/** The date a resource is published with: now. */
const now = () => new Date().toISOString();

/**
 * The admins' resource form (spec §3 Resource): title, introduction, topics, purposes, thesis
 * stages, link, picture with its alternative text (stored on the picture's file, ADR 0042), the
 * "Popular" switch and the content in the rich text editor (the server cleans the HTML). A new resource is published or kept as a draft; a stored one is saved as it
 * is, published, or made a draft again. Problems are shown at their fields once sent (spec §5
 * texts) and the focus goes to the first one.
 */
export function ResourceForm({
  initialValues,
  isPublished,
  onSubmit,
  onCancel,
}: ResourceFormProps) {
  const ids = useId();
  const [values, setValues] = useState(initialValues);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [pending, setPending] = useState<ResourceFormIntent | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validateResourceForm(values);
  const shown: ResourceFormErrors = isSubmitted ? errors : {};
  const set = <K extends keyof ResourceFormValues>(key: K, value: ResourceFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const fieldId = (field: (typeof FIELD_ORDER)[number]) => `${ids}-${field}`;

  async function submit(intent: ResourceFormIntent) {
    setIsSubmitted(true);
    setFailure(null);
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const publishedAt = intent === 'publish' ? now() : intent === 'draft' ? null : undefined;
    setPending(intent);
    try {
      await onSubmit(
        {
          data: toResourceWriteData(values, publishedAt),
          pictureAlt: toPictureAltChange(values),
        },
        intent,
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.isClientError
          ? `El servidor no ha aceptado el recurso: ${error.message}`
          : 'No se ha podido guardar el recurso. Inténtalo de nuevo en unos minutos.',
      );
    } finally {
      setPending(null);
    }
  }

  const buttons: { intent: ResourceFormIntent; label: string; variant: 'primary' | 'secondary' }[] =
    isPublished
      ? [
          { intent: 'save', label: 'Guardar cambios', variant: 'primary' },
          { intent: 'draft', label: 'Guardar y pasar a borrador', variant: 'secondary' },
        ]
      : [
          { intent: 'publish', label: 'Publicar', variant: 'primary' },
          {
            intent: 'draft',
            label: isPublished === null ? 'Guardar como borrador' : 'Guardar borrador',
            variant: 'secondary',
          },
        ];

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit(buttons[0]!.intent);
      }}
      className="flex flex-col gap-6"
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        id={fieldId('title')}
        label="Título"
        value={values.title}
        maxLength={RESOURCE_LIMITS.title}
        onChange={(event) => set('title', event.target.value)}
        error={shown.title}
      />
      <Field className="flex flex-col gap-1.5">
        <Label className="text-sm font-semibold text-slate-900">Introducción</Label>
        <Description className="text-sm text-slate-600">
          Una o dos frases: se leen en la tarjeta del recurso, bajo el título.
        </Description>
        <Textarea
          id={fieldId('introduction')}
          rows={3}
          value={values.introduction}
          onChange={(event) => set('introduction', event.target.value)}
          invalid={shown.introduction !== undefined}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900',
            shown.introduction ? 'border-red-700' : 'border-slate-400',
          )}
        />
        <p
          className={cn(
            'self-end text-sm',
            values.introduction.length > RESOURCE_LIMITS.introduction
              ? 'font-semibold text-red-700'
              : 'text-slate-600',
          )}
        >
          {values.introduction.length}/{RESOURCE_LIMITS.introduction}
        </p>
        {shown.introduction ? (
          <Description className="text-sm font-medium text-red-700">
            {shown.introduction}
          </Description>
        ) : null}
      </Field>

      <PictureField
        value={values.picture}
        // A new picture comes with the alternative text its file holds (none when just uploaded).
        onChange={(picture) =>
          setValues((current) => ({ ...current, picture, pictureAlt: picture?.alt ?? '' }))
        }
        alt={values.pictureAlt}
        onAltChange={(alt) => set('pictureAlt', alt)}
        altId={fieldId('pictureAlt')}
        altMaxLength={RESOURCE_LIMITS.pictureAlt}
        altError={shown.pictureAlt}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <ChecklistField
          id={fieldId('tags')}
          label="Temas"
          hint="Los estudiantes filtran los recursos por tema."
          groups={TOPIC_GROUPS}
          value={values.tags}
          onChange={(tags) => set('tags', tags)}
          error={shown.tags}
        />
        <ChecklistField
          id={fieldId('purposes')}
          label="Finalidades"
          hint="Los estudiantes también filtran por finalidad."
          groups={PURPOSE_GROUPS}
          value={values.purposes}
          onChange={(purposes) => set('purposes', purposes)}
          error={shown.purposes}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-900">
          Etapas del TFG/M <span className="font-normal text-slate-600">(opcional)</span>
        </legend>
        <p className="text-sm text-slate-600">Para quién es: en qué punto de su trabajo final.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {THESIS_STAGES.map((stage: ThesisStage) => (
            <CheckboxField
              key={stage}
              label={THESIS_STAGE_LABELS[stage]}
              checked={values.stages.includes(stage)}
              onChange={(event) =>
                set(
                  'stages',
                  event.target.checked
                    ? [...values.stages, stage]
                    : values.stages.filter((chosen) => chosen !== stage),
                )
              }
            />
          ))}
        </div>
      </fieldset>

      <TextField
        id={fieldId('link')}
        label="Enlace"
        isOptional
        type="url"
        inputMode="url"
        value={values.link}
        maxLength={RESOURCE_LIMITS.link}
        placeholder="https://"
        hint="Una página o un documento de otra web donde seguir leyendo. Empieza por https://."
        onChange={(event) => set('link', event.target.value)}
        error={shown.link}
      />

      <Field className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Label className="text-sm font-semibold text-slate-900">Recurso popular</Label>
          <Description className="text-sm text-slate-600">
            Lleva la etiqueta «Popular» en la lista y en su página.
          </Description>
        </div>
        <Switch
          checked={values.isPopular}
          onChange={(checked) => set('isPopular', checked)}
          className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors duration-200 data-[checked]:bg-main motion-reduce:transition-none"
        >
          <span
            aria-hidden="true"
            className="inline-block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-200 group-data-[checked]:translate-x-6 motion-reduce:transition-none"
          />
        </Switch>
      </Field>

      <RichTextEditor
        id={fieldId('content')}
        label="Contenido (opcional)"
        initialValue={initialValues.content}
        onChange={(content) => set('content', content)}
        error={shown.content}
        hint="El texto del recurso: apartados, listas y enlaces. Se guarda sin estilos ni scripts."
      />

      <div className="flex flex-wrap gap-2">
        {buttons.map((button, index) => (
          <Button
            key={button.intent}
            type={index === 0 ? 'submit' : 'button'}
            variant={button.variant}
            isPending={pending === button.intent}
            disabled={pending !== null}
            onClick={index === 0 ? undefined : () => void submit(button.intent)}
          >
            {button.label}
          </Button>
        ))}
        <Button variant="secondary" onClick={onCancel} disabled={pending !== null}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
