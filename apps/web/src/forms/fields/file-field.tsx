import {
  ALLOWED_FILE_TYPES,
  FILE_SIZE_LIMIT_BYTES,
  bytesOfStrapiSize,
  fileSizeText,
  type UploadedFile,
} from '@plataforma/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { retryingText, SubmissionStatus } from '../../components/ui/submission-status';
import { isTransient } from '../../lib/api-client';
import type { FieldProps, FormItem } from '../types';
import { describe, FieldShell, getLabelId, hasHint } from './field-shell';
import { useFileUpload } from './use-file-upload';

/** The value of a file answer: the stored file's reference (ADR 0011); `size` is in KB. */
export type FileValue = Pick<UploadedFile, 'id' | 'name' | 'size'> & { url?: string };

/** Spec §5: the size hint. */
export const FILE_SIZE_HINT = 'El archivo debe pesar menos de 15MB.';
export const FILE_TOO_LARGE = 'El archivo pesa más de 15MB y no se puede subir.';
export const FILE_UPLOAD_FAILED = 'No se ha podido subir el archivo. Inténtalo de nuevo.';
export const FILE_UPLOAD_CANCELLED = 'Subida cancelada.';

/** Spec §5: the alert for a type that is not accepted. */
export function getFileTypeError(allowedTypes: string[]): string {
  return `Archivo no permitido. Solo se aceptan: ${allowedTypes.join(', ')}`;
}

/** The allowed extensions of an item (spec §5 list by default), lower case without dots. */
export function getAllowedTypes(item: FormItem): string[] {
  return (item.allowedTypes ?? ALLOWED_FILE_TYPES).map((type) =>
    type.replace(/^\./, '').toLowerCase(),
  );
}

/** Why a chosen file cannot be uploaded, or undefined when it can. */
export function checkFile(file: { name: string; size: number }, allowedTypes: string[]) {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!allowedTypes.includes(extension)) return getFileTypeError(allowedTypes);
  if (file.size > FILE_SIZE_LIMIT_BYTES) return FILE_TOO_LARGE;
  return undefined;
}

function isFileValue(value: unknown): value is FileValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

/** Spanish percentages ("45 %"). */
const PERCENT = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });

/**
 * A file uploaded at once through POST /api/upload; the value is its media reference. Types
 * outside the allowed list and files above 15MB are refused before uploading.
 *
 * The browser's own file input speaks the browser's language ("Choose File / No file chosen"),
 * so it stays hidden behind a Spanish "Elegir archivo" button that opens it. Files weigh up to
 * 15MB (spec §9): the upload shows its progress as a progress bar with the percentage and can be
 * cancelled, which aborts the request and leaves the value as it was, with no error. A full API or
 * a lost connection is tried again with the same key, said in the upload's status line; after the
 * last attempt, "Volver a intentarlo" sends the same file again (ADR 0070).
 */
export function FileField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const [problem, setProblem] = useState<string>();
  const [note, setNote] = useState<string>();
  // The file whose upload a full API or a lost connection stopped, to send again.
  const [stopped, setStopped] = useState<{ file: File; error: unknown } | null>(null);
  const { underWay, start, cancel, retrying } = useFileUpload();
  const picker = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  // The upload answers seconds later: it reports to the form's handler of that moment, never to
  // the one of the render that started it (which would write back stale values).
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });
  const allowedTypes = getAllowedTypes(item);
  const uploaded = isFileValue(value) ? value : undefined;
  const chosenId = `${id}-chosen`;
  const described = describe(id, error, hasHint(item, FILE_SIZE_HINT));

  async function upload(file: File) {
    setNote(undefined);
    setStopped(null);
    const outcome = await start(file);
    if (outcome.kind === 'stored') {
      const { id: fileId, name, size, url } = outcome.file;
      latestOnChange.current({ id: fileId, name, size, url });
    } else if (outcome.kind === 'failed') {
      if (isTransient(outcome.error)) setStopped({ file, error: outcome.error });
      else setProblem(FILE_UPLOAD_FAILED);
    } else {
      setNote(FILE_UPLOAD_CANCELLED);
    }
  }

  return (
    <FieldShell
      item={item}
      id={id}
      error={error}
      hint={FILE_SIZE_HINT}
      after={
        <>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          {stopped && !underWay ? (
            <SubmissionStatus
              retrying={null}
              failure={stopped.error}
              about="file"
              onTryAgain={() => {
                chooser.current?.focus();
                void upload(stopped.file);
              }}
            />
          ) : null}
          {underWay ? (
            <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
                <p role="status" className="min-w-0 break-words">
                  {retrying
                    ? retryingText(retrying)
                    : underWay.percent < 100
                      ? `Subiendo «${underWay.name}»…`
                      : `Guardando «${underWay.name}»…`}
                </p>
                <span aria-hidden="true" className="font-semibold tabular-nums">
                  {PERCENT.format(underWay.percent / 100)}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Progreso de la subida de «${underWay.name}»`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={underWay.percent}
                aria-valuetext={PERCENT.format(underWay.percent / 100)}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full bg-main transition-[width]"
                  style={{ width: `${underWay.percent}%` }}
                />
              </div>
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => {
                  cancel();
                  chooser.current?.focus();
                }}
              >
                Cancelar subida
              </Button>
            </div>
          ) : null}
          {note ? (
            <p role="status" className="text-sm text-slate-700">
              {note}
            </p>
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          ref={chooser}
          id={id}
          type="button"
          className={buttonClasses('secondary')}
          aria-labelledby={`${getLabelId(id)} ${id}-action`}
          aria-describedby={[described['aria-describedby'], chosenId].filter(Boolean).join(' ')}
          aria-invalid={described['aria-invalid']}
          onClick={() => picker.current?.click()}
          onBlur={onBlur}
        >
          <span id={`${id}-action`}>{uploaded ? 'Cambiar archivo' : 'Elegir archivo'}</span>
        </button>
        <span id={chosenId} className="min-w-0 text-sm break-words text-slate-800">
          {uploaded
            ? `${uploaded.name} (${fileSizeText(bytesOfStrapiSize(uploaded.size))})`
            : underWay
              ? null
              : 'Ningún archivo elegido'}
        </span>
        {uploaded ? (
          <Button
            variant="secondary"
            onClick={() => {
              onChange(undefined);
              chooser.current?.focus();
            }}
          >
            Quitar archivo
          </Button>
        ) : null}
      </div>
      <input
        ref={picker}
        type="file"
        hidden
        accept={allowedTypes.map((type) => `.${type}`).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const reason = checkFile(file, allowedTypes);
          setProblem(reason);
          setStopped(null);
          if (!reason) void upload(file);
        }}
      />
    </FieldShell>
  );
}
