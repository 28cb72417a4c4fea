import { Description, Field, Fieldset, Label, Legend, Select } from '@headlessui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import type {
  BrandingDraft,
  BrandingField,
  BrandingPayload,
  ColorField as ColorFieldName,
  CurrentLogo,
  ThemeTools,
} from '../types';
import {
  MAX_LENGTHS,
  isSameDraft,
  toBrandingPayload,
  validateBrandingDraft,
} from '../utils/branding-draft';
import { contrastChecks, formatRatio } from '../utils/contrast-warnings';
import { saveErrorMessage, serverFieldErrors, type FieldErrors } from '../utils/form-errors';
import { BrandingPreview } from './branding-preview';
import { ColorField } from '../../../components/ui/color-field';

const COLORS: { field: ColorFieldName; label: string; hint: string }[] = [
  {
    field: 'mainColor',
    label: 'Color principal',
    hint: 'Botones, zonas destacadas, enlaces y marcas de foco. El color del tema es #1226AA.',
  },
  { field: 'secondaryColor', label: 'Color secundario', hint: 'Botones y detalles secundarios.' },
  { field: 'terciaryColor', label: 'Color terciario', hint: 'Fondos y etiquetas de apoyo.' },
  { field: 'quaternaryColor', label: 'Color cuaternario', hint: 'Acentos y destacados.' },
  { field: 'footerColor', label: 'Color del pie de página', hint: 'Fondo del pie de página.' },
];

interface BrandingFormProps {
  /** The saved branding, as the form starts. */
  initialDraft: BrandingDraft;
  tools: ThemeTools;
  /** The current menu logo, shown in the preview's header. */
  logo: CurrentLogo | null;
  /** Font families the app bundles. */
  fonts: readonly string[];
  /** Saves the branding; rejects with the API's error. */
  onSave: (payload: BrandingPayload) => Promise<void>;
}

/**
 * Every branding field (spec §3 Branding) with a live preview beside it and WCAG contrast warnings.
 * Fields are checked as they change (spec §5); the server's field errors land on their fields.
 */
export function BrandingForm({ initialDraft, tools, logo, fonts, onSave }: BrandingFormProps) {
  const [saved, setSaved] = useState(initialDraft);
  const [draft, setDraft] = useState(initialDraft);
  const [touched, setTouched] = useState<Set<BrandingField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const isDirty = !isSameDraft(draft, saved);
  const clientErrors = validateBrandingDraft(draft);
  const errorOf = (field: BrandingField): string | undefined =>
    serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);

  function change(field: BrandingField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setStatus(null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(Object.keys(draft) as BrandingField[]));
    if (Object.keys(clientErrors).length > 0) {
      setStatus({ tone: 'error', text: 'Revisa los campos marcados antes de guardar.' });
      focusFirstInvalid();
      return;
    }
    setIsSaving(true);
    setStatus(null);
    try {
      await onSave(toBrandingPayload(draft));
      setSaved(draft);
      setTouched(new Set());
      showToast('Cambios guardados. La nueva imagen de marca ya se ve en toda la plataforma.');
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      setStatus({ tone: 'error', text: saveErrorMessage(error) });
      focusFirstInvalid();
    } finally {
      setIsSaving(false);
    }
  }

  function discard() {
    setDraft(saved);
    setTouched(new Set());
    setServerErrors({});
    setStatus(null);
  }

  const checks = contrastChecks(draft);
  const failing = checks.filter((check) => !check.passes);
  const isMurcia = tools.isMurciaOrigin(draft.origin);
  const isEmprende = tools.isEmprendeProgram(draft.program);

  const text = (
    field: BrandingField,
    label: string,
    props: { hint?: ReactNode; isOptional?: boolean; type?: string; inputMode?: 'url' | 'email' },
  ) => (
    <TextField
      label={label}
      hint={props.hint}
      isOptional={props.isOptional}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      value={draft[field]}
      maxLength={MAX_LENGTHS[field]}
      error={errorOf(field)}
      onChange={(event) => change(field, event.target.value)}
      required={!props.isOptional}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="flex min-w-0 flex-col gap-8">
        <Fieldset className="flex flex-col gap-5">
          <Legend className="text-lg font-bold text-slate-900">Identidad</Legend>
          {text('projectName', 'Nombre del proyecto', {
            hint: 'Aparece en la cabecera y es el título de la pestaña del navegador.',
          })}
          {text('university_name', 'Nombre de la universidad', { isOptional: true })}
          {text('mailTo', 'Correo de contacto', {
            isOptional: true,
            type: 'email',
            inputMode: 'email',
          })}
          {text('politicsUrl', 'Enlace a la política de privacidad', {
            isOptional: true,
            inputMode: 'url',
            hint: 'Una dirección que empiece por https:// o una ruta de este sitio, como /privacidad.',
          })}
          {text('logoUrl', 'Dirección del logotipo de la universidad', {
            isOptional: true,
            inputMode: 'url',
            hint: 'Una dirección que empiece por https:// o una ruta de este sitio. El logo del menú y del icono de la pestaña se cambia más abajo, en «Logo del menú».',
          })}
        </Fieldset>

        <Fieldset className="flex flex-col gap-5">
          <Legend className="text-lg font-bold text-slate-900">Versión del sitio</Legend>
          <p className="text-sm text-slate-700">
            Dos textos cambian el comportamiento de la plataforma cuando contienen una palabra
            concreta (da igual si va en mayúsculas o minúsculas).
          </p>
          {text('origin', 'Origen', {
            isOptional: true,
            hint: (
              <>
                Si contiene «Murcia», el menú usa la versión de Murcia: los visitantes ven
                «Biblioteca de trabajos finales» (si la biblioteca está activada) y el estudiantado
                ve «Recursos U4I» y «Biblioteca de TFG/Ms» en lugar de «Proyectos Lab» y el submenú
                Recursos.{' '}
                <strong className="font-semibold text-slate-900">
                  {isMurcia ? 'Ahora se aplica.' : 'Ahora no se aplica.'}
                </strong>
              </>
            ),
          })}
          {text('program', 'Programa', {
            isOptional: true,
            hint: (
              <>
                Si contiene «Emprende», la página de inicio invita a los visitantes a inscribirse
                como estudiantes con el botón «Inscribirme ahora».{' '}
                <strong className="font-semibold text-slate-900">
                  {isEmprende ? 'Ahora se aplica.' : 'Ahora no se aplica.'}
                </strong>
              </>
            ),
          })}
        </Fieldset>

        <Fieldset className="flex flex-col gap-5">
          <Legend className="text-lg font-bold text-slate-900">Colores y tipografía</Legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {COLORS.map(({ field, label, hint }) => (
              <ColorField
                key={field}
                label={label}
                hint={hint}
                value={draft[field]}
                error={errorOf(field)}
                onChange={(value) => change(field, value)}
              />
            ))}
          </div>
          <Field className="flex flex-col gap-1.5">
            <Label className="text-sm font-semibold text-slate-900">Tipografía</Label>
            <Select
              value={draft.mainfont}
              onChange={(event) => change('mainfont', event.target.value)}
              className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            >
              {fontOptions(fonts, saved.mainfont).map((font) => (
                <option key={font} value={font}>
                  {fonts.includes(font) ? font : `${font} (no incluida en la plataforma)`}
                </option>
              ))}
            </Select>
            <Description className="text-sm text-slate-600">
              Tipografías incluidas en la plataforma (no se descargan de otros sitios).
            </Description>
          </Field>
        </Fieldset>
      </div>

      <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
        <BrandingPreview draft={draft} tools={tools} logo={logo} />
        <section
          aria-labelledby="contraste-titulo"
          className="rounded-xl border border-slate-300 bg-white p-4"
        >
          <h3 id="contraste-titulo" className="text-sm font-bold text-slate-900">
            Contraste de los colores
          </h3>
          <div aria-live="polite" className="mt-2 text-sm">
            {failing.length === 0 ? (
              <p className="text-slate-700">
                Todos los textos sobre los colores elegidos se leen bien (contraste AA de WCAG,
                4,5:1 como mínimo).
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {failing.map((check) => (
                  <li
                    key={check.label}
                    className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950"
                  >
                    <strong className="font-semibold">Poco contraste:</strong> {check.label} (
                    {formatRatio(check.ratio)}; el mínimo AA es 4,5:1). Algunas personas no podrán
                    leerlo bien.
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>

      <div className="flex flex-col gap-4 lg:col-span-2">
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isPending={isSaving}>
            {isSaving ? 'Guardando...' : 'Guardar cambios'}
          </Button>
          <Button variant="secondary" onClick={discard} disabled={!isDirty || isSaving}>
            Descartar cambios
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The bundled fonts, plus the saved one when it is another (so saving does not change it). */
function fontOptions(fonts: readonly string[], saved: string): string[] {
  const value = saved.trim();
  return value === '' || fonts.includes(value) ? [...fonts] : [...fonts, value];
}

/** Moves the focus to the first field marked invalid, once React has marked it. */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}
