import {
  brandContrastChecks,
  formatContrastRatio,
  type BrandContrastCheck,
} from '@plataforma/shared';
import type { BrandingDraft } from '../types';

export type ContrastCheck = BrandContrastCheck;

/**
 * The colour pairs a branding produces and their contrast: the rule lives in the shared package,
 * so the first start's check (ADR 0064) and these warnings say the same.
 */
export function contrastChecks(draft: BrandingDraft): ContrastCheck[] {
  return brandContrastChecks(draft);
}

/** A ratio the Spanish way: "3,2:1". */
export const formatRatio = formatContrastRatio;
