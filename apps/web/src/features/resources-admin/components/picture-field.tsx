import { FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_MB } from '@plataforma/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { retryingText, SubmissionStatus } from '../../../components/ui/submission-status';
import { TextField } from '../../../components/ui/form';
import type { ResourcePicture } from '../../../entities/resource/types';
import { toResourcePicture } from '../../../entities/resource/utils/to-resource';
import { useFileUpload } from '../../../forms/fields/use-file-upload';
import { ApiError, isTransient } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

/** The images a resource's picture may be (spec §9 allowed types, the image ones). */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'] as const;
const ACCEPT = [
  ...IMAGE_TYPES.map((type) => `.${type}`),
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/svg+xml',
].join(',');
/** Spec §8 "Disallowed file type". */
const NOT_ALLOWED = `Archivo no permitido. Solo se aceptan: ${IMAGE_TYPES.join(', ')}`;
const TOO_LARGE = `El archivo pesa demasiado: debe pesar menos de ${FILE_SIZE_LIMIT_MB}MB.`;

function fileProblem(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(IMAGE_TYPES as readonly string[]).includes(extension)) return NOT_ALLOWED;
  if (file.size > FILE_SIZE_LIMIT_BYTES) return TOO_LARGE;
  return null;
}

function uploadProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return TOO_LARGE;
    if (error.status === 400 || error.status === 415) return NOT_ALLOWED;
    if (error.status === 401 || error.status === 403) {
      return 'No tienes permiso para subir archivos. Vuelve a iniciar sesión con una cuenta de administración.';
    }
  }
  return 'No se pudo subir la imagen. Inténtalo de nuevo.';
}

/**
 * The resource's picture: choose an image, see it uploaded with its progress (and cancel it),
 * then a preview in the proportions the cards show (16:9), and change or remove it. The image is
 * public once uploaded (ADR 0011); the resource holds its id. With a picture, "Texto alternativo
 * de la imagen" says what it shows to whoever cannot see it; it is stored on the picture's file
 * when the resource is saved, and without one the cards and the page use the resource's title
 * (ADR 0042). A full API or a lost connection is tried again and said as the file field says it
 * (ADR 0070).
 */
export function PictureField({
  value,
  onChange,
  alt,
  onAltChange,
  altId,
  altMaxLength,
  altError,
}: {
  value: ResourcePicture | null;
  onChange: (picture: ResourcePicture | null) => void;
  alt: string;
  onAltChange: (alt: string) => void;
  /** The alternative text's field id (the form focuses it when it has a problem). */
  altId: string;
  altMaxLength: number;
  altError?: string | undefined;
}) {
  const ids = useId();
  const { underWay, start, cancel, retrying } = useFileUpload();
  const [problem, setProblem] = useState<string | null>(null);
  // The image whose upload a full API or a lost connection stopped, to send again.
  const [stopped, setStopped] = useState<{ file: File; error: unknown } | null>(null);

  async function upload(file: File) {
    setStopped(null);
    const outcome = await start(file);
    if (outcome.kind === 'stored') {
      const { id, ...attributes } = outcome.file;
      onChange(toResourcePicture({ id, attributes }));
    } else if (outcome.kind === 'failed') {
      if (isTransient(outcome.error)) setStopped({ file, error: outcome.error });
      else setProblem(uploadProblem(outcome.error));
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after an error is a change again.
    event.target.value = '';
    if (!file) return;
    const reason = fileProblem(file);
    setProblem(reason);
    setStopped(null);
    if (!reason) void upload(file);
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${ids}-hint`}>
      <legend className="text-sm font-semibold text-slate-900">
        Imagen <span className="font-normal text-slate-600">(opcional)</span>
      </legend>
      <p id={`${ids}-hint`} className="text-sm text-slate-600">
        Se ve en la tarjeta y en la página del recurso, recortada en formato apaisado (16:9). PNG,
        JPG, WEBP, AVIF o SVG. El archivo debe pesar menos de {FILE_SIZE_LIMIT_MB}MB.
      </p>
      <div className="aspect-video w-full max-w-sm overflow-hidden rounded-lg border border-slate-300 bg-slate-100">
        {value ? (
          <img
            src={value.smallUrl ?? value.url}
            alt="Vista previa de la imagen del recurso"
            className="size-full object-cover"
          />
        ) : (
          <p className="grid size-full place-items-center text-sm text-slate-600">Sin imagen</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonClasses('secondary'),
            'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-main',
            underWay && 'pointer-events-none opacity-60',
          )}
        >
          {value ? 'Cambiar imagen' : 'Elegir imagen'}
          <input
            type="file"
            accept={ACCEPT}
            disabled={underWay !== null}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-error` : undefined}
            onChange={choose}
            className="sr-only"
          />
        </label>
        {value && !underWay ? (
          <Button variant="secondary" onClick={() => onChange(null)}>
            Quitar imagen
          </Button>
        ) : null}
        {underWay ? (
          <>
            <span role="status" className="text-sm text-slate-700">
              {retrying
                ? retryingText(retrying)
                : `Subiendo ${underWay.name}: ${underWay.percent}%`}
            </span>
            <Button variant="secondary" onClick={cancel}>
              Cancelar subida
            </Button>
          </>
        ) : null}
      </div>
      {stopped && !underWay ? (
        <SubmissionStatus
          retrying={null}
          failure={stopped.error}
          about="file"
          onTryAgain={() => void upload(stopped.file)}
        />
      ) : null}
      {problem ? (
        <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {value ? (
        <TextField
          id={altId}
          label="Texto alternativo de la imagen"
          isOptional
          value={alt}
          maxLength={altMaxLength}
          onChange={(event) => onAltChange(event.target.value)}
          hint="Describe en una frase lo que muestra la imagen, para quien no puede verla. Si lo dejas vacío, se usa el título del recurso."
          error={altError}
          className="mt-2 max-w-xl"
        />
      ) : null}
    </fieldset>
  );
}
