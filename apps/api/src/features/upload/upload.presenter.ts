import type { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

/** A stored format of an image, as Strapi writes it in `formats`. */
export interface FileFormat {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number;
  height: number;
  /** KB, two decimals. */
  size: number;
  sizeInBytes: number;
  url: string;
}

export type FileFormats = Record<string, FileFormat>;

/**
 * A media file as Strapi's upload plugin answers it (a flat object, no `{id, attributes}`), plus
 * `isPrivate`. Listed field by field so the uploader and the storage key never leave (house style
 * rule 5).
 */
export function presentFile(row: FileRow) {
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
    provider_metadata: row.provider_metadata ?? null,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PresentedFile = ReturnType<typeof presentFile>;
