import { IMPORT_FILE_SIZE_LIMIT_BYTES, IMPORT_FILE_SIZE_LIMIT_MB } from '@plataforma/shared';

/** The files the imports read (`POST /api/imports/<kind>`, ADR 0039 and ADR 0048). */
export const IMPORT_FILE_TYPES = ['csv', 'xlsx'] as const;

/** The file input's `accept`: by extension and by media type, as browsers differ. */
export const IMPORT_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/**
 * Why a chosen file cannot be imported (spec §8's text for a type not allowed), or null. The size
 * is the imports' own limit, which the API answers with a 413 above it.
 */
export function importFileProblem(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(IMPORT_FILE_TYPES as readonly string[]).includes(extension)) {
    return `Archivo no permitido. Solo se aceptan: ${IMPORT_FILE_TYPES.join(', ')}`;
  }
  if (file.size > IMPORT_FILE_SIZE_LIMIT_BYTES) {
    return `El archivo pesa demasiado: debe pesar menos de ${IMPORT_FILE_SIZE_LIMIT_MB}MB.`;
  }
  return null;
}
