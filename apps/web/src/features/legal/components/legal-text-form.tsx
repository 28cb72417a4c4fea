import { useId, useState, type FormEvent } from 'react';
import {
  LEGAL_PAGES,
  LEGAL_PLACEHOLDERS,
  LEGAL_TEXT_LIMITS,
  type LegalTextChange,
} from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import type { LegalText, LegalTextVersion } from '../types';
import { hasReadableText } from '../utils/has-readable-text';

const REQUIRED_MESSAGE = 'Este campo es obligatorio.';
const TOO_LONG_MESSAGE = 'Longitud máxima alcanzada.';

interface LegalTextFormProps {
  text: LegalText;
  /** Every version, newest first (the history under the form). */
  versions: LegalTextVersion[] | undefined;
  /** Saves; resolves with the version in force afterwards. */
  onSave: (change: LegalTextChange) => Promise<number>;
}

function validate(title: string, content: string) {
  const trimmed = title.trim();
  return {
    title: !trimmed
      ? REQUIRED_MESSAGE
      : trimmed.length > LEGAL_TEXT_LIMITS.title
        ? TOO_LONG_MESSAGE
        : undefined,
    content: !hasReadableText(content)
      ? REQUIRED_MESSAGE
      : content.length > LEGAL_TEXT_LIMITS.content
        ? TOO_LONG_MESSAGE
        : undefined,
  };
}

/**
 * An admin edits one legal text (ADR 0035): its title and its rich text, with the placeholders
 * that name the university explained. Saving publishes it at once as a new version; the earlier
 * ones stay listed and readable, since people accepted them.
 */
export function LegalTextForm({ text, versions, onSave }: LegalTextFormProps) {
  const ids = useId();
  const [title, setTitle] = useState(text.title);
  const [content, setContent] = useState(text.content);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validate(title, content);
  const shown = isSubmitted ? errors : { title: undefined, content: undefined };
  const page = LEGAL_PAGES[text.kind];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    if (errors.title || errors.content) {
      document.getElementById(errors.title ? `${ids}-title` : `${ids}-editor`)?.focus();
      return;
    }
    setIsSaving(true);
    try {
      const before = text.version;
      const version = await onSave({ title: title.trim(), content });
      setIsSubmitted(false);
      showToast(
        version === before
          ? `${page.label}: no había cambios; sigue vigente la versión ${version}.`
          : `${page.label} guardada y publicada como versión ${version}.`,
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.isClientError
          ? 'Revisa el texto: el servidor no ha aceptado el cambio.'
          : 'No se ha podido guardar. Inténtalo de nuevo en unos minutos.',
      );
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">
        Vigente: versión {text.version}.{' '}
        <a
          href={page.path}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-main-ink underline underline-offset-2"
        >
          Ver la página publicada
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </p>
      {text.kind === 'privacy' ? (
        <Alert>
          Quien se registre a partir de ahora aceptará la versión que guardes. Quien ya tiene cuenta
          aceptó la versión que leyó, que queda guardada y se puede consultar en el historial.
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        id={`${ids}-title`}
        label="Título"
        value={title}
        maxLength={LEGAL_TEXT_LIMITS.title}
        onChange={(event) => setTitle(event.target.value)}
        error={shown.title}
      />
      <RichTextEditor
        id={`${ids}-editor`}
        label="Texto"
        initialValue={text.content}
        onChange={setContent}
        error={shown.content}
        hint={
          <>
            <p>Estas palabras se sustituyen al mostrar el texto:</p>
            <ul className="mt-1 list-disc pl-5">
              {Object.entries(LEGAL_PLACEHOLDERS).map(([placeholder, meaning]) => (
                <li key={placeholder}>
                  <code className="font-semibold text-slate-900">{placeholder}</code>: {meaning}
                </li>
              ))}
            </ul>
          </>
        }
      />
      <div>
        <Button type="submit" isPending={isSaving}>
          Guardar y publicar
        </Button>
      </div>

      <section aria-labelledby={`${ids}-history`} className="flex flex-col gap-3">
        <h3 id={`${ids}-history`} className="text-lg font-bold text-slate-900">
          Historial de versiones
        </h3>
        {versions === undefined ? (
          <p className="text-sm text-slate-700">Cargando...</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
            {versions.map((version) => (
              <li
                key={version.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <span className="text-slate-900">
                  <span className="font-semibold">Versión {version.version}</span> ·{' '}
                  <time dateTime={version.createdAt}>{formatLongDate(version.createdAt)}</time>
                  {version.version === text.version ? (
                    <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-300">
                      Vigente
                    </span>
                  ) : null}
                </span>
                <a
                  href={`${page.path}?version=${version.version}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-main-ink underline underline-offset-2"
                >
                  Leer la versión {version.version}
                  <span className="sr-only"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ol>
        )}
      </section>
    </form>
  );
}
