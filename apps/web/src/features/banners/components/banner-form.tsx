import { Description, Field, Fieldset, Label, Legend, Textarea } from '@headlessui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { DateTimeField } from '../../../forms/fields/date-time-field';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCreateBanner } from '../api/create-banner';
import { useUpdateBanner } from '../api/update-banner';
import { AUDIENCE_LABELS, BANNER_AUDIENCES, type Banner, type BannerAudience } from '../types';
import {
  BANNER_LIMITS,
  EMPTY_BANNER_FORM,
  hasErrors,
  toBannerInput,
  toFormValues,
  validateBannerForm,
  type BannerFormValues,
  type PlacementValues,
} from '../utils/banner-form';

/** Pages a banner usually goes on (spec §2 routes); any other path can be typed. */
const SUGGESTED_PATHS = ['/', '/estudiantes', '/organizaciones', '/projects', '/tfx', '/resources'];

interface BannerFormProps {
  /** The banner to edit, or null for a new one. */
  banner: Banner | null;
  onSaved: (banner: { title: string; isNew: boolean }) => void;
  onCancel: () => void;
}

/**
 * Creates or edits a campaign banner (ADR 0015): texts, optional link, where and for whom it shows,
 * and its window. Spec §5: every field is required unless marked optional, validation runs on
 * change (after the first change or the first attempt to save) with the spec's messages.
 */
export function BannerForm({ banner, onSaved, onCancel }: BannerFormProps) {
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BannerFormValues>(() =>
    banner ? toFormValues(banner) : EMPTY_BANNER_FORM,
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const save = banner ? update : create;

  const errors = validateBannerForm(values);
  const shown = (field: string) => isSubmitted || touched.has(field);
  const errorOf = (field: Exclude<keyof typeof errors, 'paths'>) =>
    shown(field) ? errors[field] : undefined;

  const change = (field: string, next: Partial<BannerFormValues>) => {
    setValues((previous) => ({ ...previous, ...next }));
    setTouched((previous) => new Set(previous).add(field));
  };
  const changePlacement = (index: number, next: Partial<PlacementValues>) => {
    change(`path-${index}`, {
      placements: values.placements.map((p, i) => (i === index ? { ...p, ...next } : p)),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (hasErrors(errors)) {
      // After React shows the messages, take the keyboard to the first field to fix.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    const data = toBannerInput(values, { publishedAt: banner?.publishedAt ?? null });
    try {
      if (banner) await update.mutateAsync({ id: banner.id, data });
      else await create.mutateAsync(data);
      onSaved({ title: data.title, isNew: banner === null });
    } catch {
      // The alert below says what happened (save.error).
    }
  };

  const messageLength = values.message.trim().length;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-6 rounded-2xl border border-slate-300 bg-white p-5 shadow-sm sm:p-7"
    >
      <h3 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
        {banner ? `Editar «${banner.title}»` : 'Nuevo banner'}
      </h3>

      <TextField
        label="Título"
        value={values.title}
        onChange={(e) => change('title', { title: e.target.value })}
        error={errorOf('title')}
        hint={`${values.title.trim().length}/${BANNER_LIMITS.title}`}
        autoComplete="off"
        // The form opens on the admin's request: the keyboard starts in its first field.
        autoFocus
      />

      <Field className="flex flex-col gap-1.5">
        <Label className="text-sm font-semibold text-slate-900">Mensaje</Label>
        <Textarea
          rows={8}
          value={values.message}
          onChange={(e) => change('message', { message: e.target.value })}
          invalid={errorOf('message') !== undefined}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 data-[invalid]:border-red-700"
        />
        {/* Spec §5 Textarea: a counter current/max, red when exceeded. */}
        <Description
          className={cn(
            'text-sm',
            messageLength > BANNER_LIMITS.message ? 'font-semibold text-red-700' : 'text-slate-600',
          )}
        >
          {messageLength}/{BANNER_LIMITS.message}
        </Description>
        {errorOf('message') ? (
          <Description className="text-sm font-medium text-red-700">
            {errorOf('message')}
          </Description>
        ) : null}
      </Field>

      <Fieldset className="flex flex-col gap-4">
        <Legend className="text-base font-semibold text-slate-900">
          Enlace <span className="font-normal text-slate-600">(opcional)</span>
        </Legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Dirección del enlace"
            isOptional
            value={values.linkUrl}
            onChange={(e) => change('linkUrl', { linkUrl: e.target.value })}
            error={errorOf('linkUrl')}
            hint="Una ruta de la plataforma, como /register?profile=student, o una dirección que empiece por https://"
            inputMode="url"
            autoComplete="off"
          />
          <TextField
            label="Texto del enlace"
            isOptional
            value={values.linkLabel}
            onChange={(e) => change('linkLabel', { linkLabel: e.target.value })}
            error={errorOf('linkLabel')}
            hint="Obligatorio si hay dirección."
            autoComplete="off"
          />
        </div>
      </Fieldset>

      <Fieldset className="flex flex-col gap-4">
        <Legend className="text-base font-semibold text-slate-900">Dónde se muestra</Legend>
        <p className="-mt-2 text-sm text-slate-600">
          Una ruta exacta, como /estudiantes, o una ruta y todo lo que cuelga de ella, como
          /projects/*.
        </p>
        <datalist id={`${ids}-paths`}>
          {SUGGESTED_PATHS.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        {values.placements.map((placement, index) => (
          <PlacementFields
            // Placements have no id of their own; their position is their identity in the form.
            key={index}
            index={index}
            placement={placement}
            pathError={shown(`path-${index}`) ? errors.paths?.[index] : undefined}
            listId={`${ids}-paths`}
            canRemove={values.placements.length > 1}
            onChange={(next) => changePlacement(index, next)}
            onRemove={() =>
              change('placements', {
                placements: values.placements.filter((_, i) => i !== index),
              })
            }
          />
        ))}
        {errorOf('placements') ? (
          <p className="text-sm font-medium text-red-700">{errorOf('placements')}</p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              change('placements', {
                placements: [...values.placements, { path: '', audiences: [] }],
              })
            }
          >
            Añadir otra ubicación
          </Button>
        </div>
      </Fieldset>

      <Fieldset className="flex flex-col gap-4">
        <Legend className="text-base font-semibold text-slate-900">Cuándo se muestra</Legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* Spanish day and time fields, not the browser's datetime input (mm/dd/yyyy, AM/PM
              in an English browser). */}
          <DateTimeField
            id={`${ids}-starts`}
            label="Desde"
            optional
            defaultTime="00:00"
            value={values.startsAt}
            onChange={(startsAt) => change('startsAt', { startsAt })}
            error={errorOf('startsAt')}
            hint="Vacío: desde que se publica. Sin hora, desde las 00:00."
          />
          <DateTimeField
            id={`${ids}-ends`}
            label="Hasta"
            defaultTime="23:59"
            value={values.endsAt}
            onChange={(endsAt) => change('endsAt', { endsAt })}
            error={errorOf('endsAt')}
            hint="Incluido: el banner se ve hasta ese minuto. Sin hora, hasta las 23:59."
          />
        </div>
      </Fieldset>

      <CheckboxField
        label="Publicado (si no, se guarda como borrador y nadie lo ve)"
        checked={values.isPublished}
        onChange={(e) => change('isPublished', { isPublished: e.target.checked })}
      />

      {save.isError ? (
        <Alert tone="error">
          {save.error instanceof ApiError && save.error.status === 403
            ? 'No tienes permiso para gestionar banners.'
            : 'No se pudo guardar el banner. Revisa los datos e inténtalo de nuevo.'}
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={save.isPending}>
          Guardar banner
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

interface PlacementFieldsProps {
  index: number;
  placement: PlacementValues;
  pathError: string | undefined;
  listId: string;
  canRemove: boolean;
  onChange: (next: Partial<PlacementValues>) => void;
  onRemove: () => void;
}

/** One place where the banner shows: its path and who sees it there. */
function PlacementFields({
  index,
  placement,
  pathError,
  listId,
  canRemove,
  onChange,
  onRemove,
}: PlacementFieldsProps) {
  const toggle = (audience: BannerAudience, isChecked: boolean) =>
    onChange({
      audiences: isChecked
        ? [...placement.audiences, audience]
        : placement.audiences.filter((a) => a !== audience),
    });
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <TextField
        label={`Ruta ${index + 1}`}
        value={placement.path}
        onChange={(e) => onChange({ path: e.target.value })}
        error={pathError}
        list={listId}
        autoComplete="off"
        spellCheck={false}
      />
      <Fieldset className="flex flex-col gap-2">
        <Legend className="text-sm font-semibold text-slate-900">
          Quién lo ve en la ruta {index + 1}
        </Legend>
        <p className="text-sm text-slate-600">Si no marcas ninguno, lo ve todo el mundo.</p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {BANNER_AUDIENCES.map((audience) => (
            <CheckboxField
              key={audience}
              label={AUDIENCE_LABELS[audience]}
              checked={placement.audiences.includes(audience)}
              onChange={(e) => toggle(audience, e.target.checked)}
            />
          ))}
        </div>
      </Fieldset>
      {canRemove ? (
        <div>
          <Button variant="secondary" onClick={onRemove}>
            Quitar la ruta {index + 1}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
