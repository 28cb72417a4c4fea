import { contrastRatio, readableTextColor } from '../../../lib/color';
import type { BrandingDraft, ColorField } from '../types';

/** WCAG 2.2 AA minimum for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

export interface ContrastCheck {
  field: ColorField;
  /** What the pair is used for, in Spanish. */
  label: string;
  ratio: number;
  passes: boolean;
}

const WHITE = '#FFFFFF';

/**
 * The colour pairs a branding produces and their contrast. The theme writes text in white or
 * near-black on each brand colour, whichever reads better (`readableTextColor`), so a pair only
 * fails when neither reaches AA; the main colour is also used for links and focus rings on the
 * white page.
 */
export function contrastChecks(draft: BrandingDraft): ContrastCheck[] {
  const pairs: { field: ColorField; label: string; foreground: (bg: string) => string }[] = [
    {
      field: 'mainColor',
      label: 'Texto sobre el color principal (botones y zonas destacadas)',
      foreground: (bg) => readableTextColor(bg),
    },
    {
      field: 'mainColor',
      label: 'Color principal sobre fondo blanco (enlaces y marcas de foco)',
      foreground: () => WHITE,
    },
    {
      field: 'secondaryColor',
      label: 'Texto sobre el color secundario',
      foreground: (bg) => readableTextColor(bg),
    },
    {
      field: 'terciaryColor',
      label: 'Texto sobre el color terciario',
      foreground: (bg) => readableTextColor(bg),
    },
    {
      field: 'quaternaryColor',
      label: 'Texto sobre el color cuaternario',
      foreground: (bg) => readableTextColor(bg),
    },
    {
      field: 'footerColor',
      label: 'Texto sobre el color del pie de página',
      foreground: (bg) => readableTextColor(bg),
    },
  ];
  const checks: ContrastCheck[] = [];
  for (const { field, label, foreground } of pairs) {
    const background = draft[field].trim();
    const ratio = contrastRatio(foreground(background), background);
    if (ratio === null) continue;
    checks.push({ field, label, ratio, passes: ratio >= AA_TEXT_CONTRAST });
  }
  return checks;
}

/** A ratio the Spanish way: "3,2:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toLocaleString('es-ES', { maximumFractionDigits: 1 })}:1`;
}
