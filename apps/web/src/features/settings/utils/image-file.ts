import { FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_MB } from '@plataforma/shared';
import { ApiError } from '../../../lib/api-client';
import { IMAGE_FILE_TYPES } from '../constants';

/** Spec §5 "Disallowed file type" alert, with the image types these inputs take. */
export const NOT_ALLOWED_MESSAGE = `Archivo no permitido. Solo se aceptan: ${IMAGE_FILE_TYPES.join(', ')}`;
/** Spec §5, §9: the hint says files must weigh under 15MB. */
export const SIZE_HINT = `El archivo debe pesar menos de ${FILE_SIZE_LIMIT_MB}MB.`;
export const TOO_LARGE_MESSAGE = `El archivo pesa demasiado: debe pesar menos de ${FILE_SIZE_LIMIT_MB}MB.`;

/** The `accept` attribute of an image input: the extensions and their media types. */
export const IMAGE_ACCEPT = [
  ...IMAGE_FILE_TYPES.map((type) => `.${type}`),
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/svg+xml',
].join(',');

/**
 * Why a chosen file cannot be uploaded as an image, or null when it can. The server detects the
 * type from the content again (ADR 0011); this spares a useless upload.
 */
export function imageFileProblem(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(IMAGE_FILE_TYPES as readonly string[]).includes(extension)) return NOT_ALLOWED_MESSAGE;
  if (file.size > FILE_SIZE_LIMIT_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

/** A failed upload in Spanish: the server's type and size refusals have their own texts. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return TOO_LARGE_MESSAGE;
    if (error.status === 400 && Array.isArray(error.details.allowedTypes)) {
      return NOT_ALLOWED_MESSAGE;
    }
    if (error.status === 401 || error.status === 403) {
      return 'No tienes permiso para subir archivos. Vuelve a iniciar sesión con una cuenta de administración.';
    }
  }
  return 'No se pudo subir el archivo. Inténtalo de nuevo.';
}
