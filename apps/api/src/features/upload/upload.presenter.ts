import type { UploadedFile } from '@plataforma/shared';
import type { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

/** The stored formats of an image, as Strapi writes them in `formats`. */
export type FileFormats = NonNullable<UploadedFile['formats']>;

/**
 * A media file as Strapi's upload plugin answers it (a flat object, no `{id, attributes}`), plus
 * `isPrivate`. Listed field by field so the uploader and the storage key never leave (house style
 * rule 5).
 */
export function presentFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    alternativeText: row.alternativeText,
    caption: row.caption,
    width: row.width,
    height: row.height,
    formats: (row.formats as FileFormats | null) ?? null,
    hash: row.hash,
    ext: row.ext,
    mime: row.mime,
    size: row.size,
    url: row.url,
    previewUrl: row.previewUrl,
    provider: row.provider,
    provider_metadata: (row.provider_metadata as UploadedFile['provider_metadata']) ?? null,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PresentedFile = UploadedFile;
