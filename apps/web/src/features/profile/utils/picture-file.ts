import { FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_MB } from '@plataforma/shared';

/**
 * The image types of spec §5's upload list (pdf is left out: a profile picture is an image).
 * The API detects the real type from the content anyway.
 */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'] as const;

/** For the file input's `accept`: extensions and their MIME types. */
export const PICTURE_ACCEPT = [
  ...PICTURE_EXTENSIONS.map((ext) => `.${ext}`),
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/svg+xml',
].join(',');

/** Spec §5 / §8: "Archivo no permitido. Solo se aceptan: {list}". */
export const PICTURE_NOT_ALLOWED_MESSAGE = `Archivo no permitido. Solo se aceptan: ${PICTURE_EXTENSIONS.join(', ')}`;
export const PICTURE_TOO_BIG_MESSAGE = `La imagen debe pesar menos de ${FILE_SIZE_LIMIT_MB}MB.`;

/** Why a chosen file cannot be the profile picture, or undefined when it can. */
export function checkPictureFile(file: Pick<File, 'name' | 'size'>): string | undefined {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(PICTURE_EXTENSIONS as readonly string[]).includes(extension)) {
    return PICTURE_NOT_ALLOWED_MESSAGE;
  }
  return file.size > FILE_SIZE_LIMIT_BYTES ? PICTURE_TOO_BIG_MESSAGE : undefined;
}
