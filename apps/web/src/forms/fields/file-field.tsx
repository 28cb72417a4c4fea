import { ALLOWED_FILE_TYPES, FILE_SIZE_LIMIT_BYTES, type UploadedFile } from '@plataforma/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/form';
import { Button } from '../../components/ui/button';
import { uploadFile } from '../../lib/upload';
import type { FieldProps, FormItem } from '../types';
import { describe, FieldShell, hasHint } from './field-shell';

/** The value of a file answer: the stored file's reference (ADR 0011); `size` is in KB. */
export type FileValue = Pick<UploadedFile, 'id' | 'name' | 'size'> & { url?: string };

/** Spec §5: the size hint. */
export const FILE_SIZE_HINT = 'El archivo debe pesar menos de 15MB.';
export const FILE_TOO_LARGE = 'El archivo pesa más de 15MB y no se puede subir.';
export const FILE_UPLOAD_FAILED = 'No se ha podido subir el archivo. Inténtalo de nuevo.';

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

/** Spec §5: a size in KB, to one decimal, written the Spanish way ("12,3 KB"). */
export function formatFileSize(kilobytes: number): string {
  return `${kilobytes.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
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

/**
 * A file uploaded at once through POST /api/upload; the value is its media reference. Types
 * outside the allowed list and files above 15MB are refused before uploading.
 */
export function FileField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const [problem, setProblem] = useState<string>();
  const [isUploading, setIsUploading] = useState(false);
  const allowedTypes = getAllowedTypes(item);
  const uploaded = isFileValue(value) ? value : undefined;

  async function upload(file: File) {
    setIsUploading(true);
    try {
      const stored = await uploadFile(file);
      onChange({ id: stored.id, name: stored.name, size: stored.size, url: stored.url });
    } catch {
      setProblem(FILE_UPLOAD_FAILED);
    } finally {
      setIsUploading(false);
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
          {isUploading ? <p role="status">Subiendo archivo…</p> : null}
          {uploaded ? (
            <div className="flex items-center gap-3 text-sm text-slate-800">
              <span>
                {uploaded.name} ({formatFileSize(uploaded.size)})
              </span>
              <Button variant="secondary" onClick={() => onChange(undefined)}>
                Quitar archivo
              </Button>
            </div>
          ) : null}
        </>
      }
    >
      <input
        id={id}
        type="file"
        accept={allowedTypes.map((type) => `.${type}`).join(',')}
        className="block text-sm text-slate-900"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const reason = checkFile(file, allowedTypes);
          setProblem(reason);
          if (!reason) void upload(file);
        }}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item, FILE_SIZE_HINT))}
      />
    </FieldShell>
  );
}
