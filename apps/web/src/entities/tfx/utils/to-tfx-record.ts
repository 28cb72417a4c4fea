import type { TfxEntry, TfxRecord } from '../types';

/** A work as the generic routes nest it, with its PDF unwrapped (null without one). */
export function toTfxRecord({ id, attributes }: TfxEntry): TfxRecord {
  const { file, ...rest } = attributes;
  const data = file?.data;
  return { id, attributes: rest, file: data ? { id: data.id, ...data.attributes } : null };
}
