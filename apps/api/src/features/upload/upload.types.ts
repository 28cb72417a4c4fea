import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ALLOWED_FILE_TYPES } from '@plataforma/shared';
import { looksLikeSvg } from './upload.svg';

/** A type we accept, decided from the bytes (never the name or the declared mime). */
export interface FileKind {
  /** Extension we store and serve the file with (`.jpg` for every JPEG). */
  ext: '.pdf' | '.png' | '.jpg' | '.webp' | '.avif' | '.svg';
  mime: string;
  /** Raster images: measured and given smaller formats with sharp. */
  raster: boolean;
  /** May be public (images); documents are always private (CVs, DNIs). */
  image: boolean;
}

const PDF: FileKind = { ext: '.pdf', mime: 'application/pdf', raster: false, image: false };
const PNG: FileKind = { ext: '.png', mime: 'image/png', raster: true, image: true };
const JPG: FileKind = { ext: '.jpg', mime: 'image/jpeg', raster: true, image: true };
const WEBP: FileKind = { ext: '.webp', mime: 'image/webp', raster: true, image: true };
const AVIF: FileKind = { ext: '.avif', mime: 'image/avif', raster: true, image: true };
export const SVG: FileKind = { ext: '.svg', mime: 'image/svg+xml', raster: false, image: true };

/** file-type's answers that we accept (an animated PNG is still a PNG). */
const BY_DETECTED_EXT: Record<string, FileKind> = {
  pdf: PDF,
  png: PNG,
  apng: PNG,
  jpg: JPG,
  webp: WEBP,
  avif: AVIF,
};

/** Every kind by the extension we store, for serving public files by name. */
export const KIND_BY_EXT: Record<string, FileKind> = {
  '.pdf': PDF,
  '.png': PNG,
  '.jpg': JPG,
  '.webp': WEBP,
  '.avif': AVIF,
  '.svg': SVG,
};

/** The list the web shows after "Archivo no permitido. Solo se aceptan:" (spec §5). */
export const ALLOWED_TYPES_TEXT = ALLOWED_FILE_TYPES.join(', ');

/** How much of a file is read to tell whether it is SVG text. */
const SVG_SNIFF_BYTES = 4096;

/**
 * The kind of a spooled file from its content: magic numbers through file-type for the binary
 * formats, and for SVG (text, which file-type does not identify) a look at the start of the
 * document. Undefined when the content is none of the allowed types.
 */
export async function detectKind(path: string): Promise<FileKind | undefined> {
  const detected = await fileTypeFromFile(path);
  if (detected) {
    const kind = BY_DETECTED_EXT[detected.ext];
    if (kind) return kind;
    // An SVG with an XML declaration is reported as XML; anything else binary is refused.
    if (detected.ext !== 'xml') return undefined;
  }
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SVG_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SVG_SNIFF_BYTES, 0);
    return looksLikeSvg(buffer.subarray(0, bytesRead).toString('utf8')) ? SVG : undefined;
  } finally {
    await handle.close();
  }
}
