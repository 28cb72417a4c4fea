import { ODS } from '@plataforma/shared';
import { readableTextColor } from './color';

/**
 * The Sustainable Development Goals as every screen shows them: found by number, named
 * "ODS 4: Educación de calidad", and inked white or near-black on their official colour.
 */

/** The ODS entry of a number, if it is one of the 17. */
export function findOds(value: number | string) {
  return ODS.find((ods) => ods.number === Number(value));
}

/** "ODS 4: Educación de calidad" (or "ODS 18" for a number that is none of the 17). */
export function odsLabel(value: number | string): string {
  const ods = findOds(value);
  return ods ? `ODS ${ods.number}: ${ods.name}` : `ODS ${value}`;
}

/** Ink of the ODS tiles: white or near-black, whichever reads better on the official colour. */
export const ODS_DARK_INK = '#020617';
export function odsInk(color: string): string {
  return readableTextColor(color, ODS_DARK_INK).toLowerCase();
}
