import type { Branding } from '../types';

type BrandingLike = Pick<Branding, 'origin' | 'program'> | null | undefined;

/**
 * Spec §1: a branding whose origin matches "Murcia" changes the menu (visitor library link,
 * "Recursos U4I", "Biblioteca de TFG/Ms").
 */
export function isMurciaOrigin(branding: BrandingLike): boolean {
  return /Murcia/i.test(branding?.origin ?? '');
}

/** Spec §1, §2 Landing: a program matching "Emprende" shows the student invitation on `/`. */
export function isEmprendeProgram(branding: BrandingLike): boolean {
  return /Emprende/i.test(branding?.program ?? '');
}
