import type { TfxAttributes, TfxCard } from '@plataforma/shared';

export type { TfxAttributes, TfxCard, TfxReviewStatus } from '@plataforma/shared';

/** A work's PDF as `populate[file]=*` gives it: `url` is where its bytes are read. */
export interface TfxFile {
  id: number;
  url: string;
  name: string;
  /** KB of 1,000 bytes, as Strapi stores it (ADR 0011); shown with fileSizeText(bytesOfStrapiSize()). */
  size: number;
  mime: string;
}

/** The `file` relation as the generic routes nest it. */
export interface TfxFileRelation {
  data: { id: number; attributes: Omit<TfxFile, 'id'> } | null;
}

/** `GET /api/tfxes/:id?populate[file]=*` and each entry of a list with the same populate. */
export interface TfxEntry {
  id: number;
  attributes: TfxAttributes & { file?: TfxFileRelation };
}

/** A final work (spec §3 TFX) with its PDF, as the screens use it. */
export interface TfxRecord {
  id: number;
  attributes: TfxAttributes;
  file: TfxFile | null;
}

/** A work of a list (search, related works): the shared card (ADR 0036). */
export interface TfxListEntry {
  id: number;
  attributes: TfxCard;
}
