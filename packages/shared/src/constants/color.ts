/**
 * Colour maths of the branding (WCAG 2.x), one rule for the site and the emails: the web's theme
 * picks readable text on brand colours with it, the branding editor warns about low contrast, the
 * ODS tiles choose their ink, and the API's emails colour their button and links (ADR 0032).
 */

export type Rgb = [number, number, number];

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses #rgb(a), #rrggbb(aa) and rgb()/rgba() into 0-255 channels; other syntaxes give null. */
export function parseRgb(color: string): Rgb | null {
  const v = color.trim();
  if (HEX_COLOR.test(v)) {
    let hex = v.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  }
  const match = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(v);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  return null;
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2.x contrast ratio between two colours (1 to 21). */
export function rgbContrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast ratio of two CSS colours, or null when one of them cannot be read. */
export function contrastRatio(foreground: string, background: string): number | null {
  const [fg, bg] = [parseRgb(foreground), parseRgb(background)];
  return fg && bg ? rgbContrast(fg, bg) : null;
}

/** WCAG AA for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;
const AA_TEXT = AA_TEXT_CONTRAST;

/** Text colours used on top of a colour, whichever gives the higher contrast. */
export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#111827';

/**
 * The text colour (white or `dark`) that reads best on a background, so a university can pick a
 * light brand colour without making the header or buttons unreadable. Unparseable colours get
 * white text.
 */
export function readableTextColor(background: string, dark = DARK_TEXT): string {
  const rgb = parseRgb(background);
  const darkRgb = parseRgb(dark);
  if (!rgb || !darkRgb) return LIGHT_TEXT;
  return rgbContrast(rgb, [255, 255, 255]) >= rgbContrast(rgb, darkRgb) ? LIGHT_TEXT : dark;
}

/**
 * The brand colour as text on a white or near-white page: the colour itself when it reads (4.5:1),
 * otherwise the same hue darkened until it does. A yellow brand still tints its links, readably.
 */
export function inkOnLight(color: string): string {
  const rgb = parseRgb(color);
  if (!rgb) return DARK_TEXT;
  const white: Rgb = [255, 255, 255];
  for (let keep = 1; keep >= 0; keep -= 0.05) {
    const shade = rgb.map((c) => Math.round(c * keep)) as Rgb;
    if (rgbContrast(shade, white) >= AA_TEXT) {
      return `#${shade.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return DARK_TEXT;
}

/** The brand colours of spec §3 Branding. */
export type BrandColourField =
  'mainColor' | 'secondaryColor' | 'terciaryColor' | 'quaternaryColor' | 'footerColor';

/** A brand colour as the branding stores it: #rgb or #rrggbb (the API's branding validation). */
export const BRAND_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export interface BrandContrastCheck {
  field: BrandColourField;
  /** What the pair is used for, in Spanish. */
  label: string;
  ratio: number;
  passes: boolean;
}

/**
 * The colour pairs a branding produces. The theme writes text in white or near-black on each
 * brand colour, whichever reads better (`readableTextColor`), so a pair only fails when neither
 * reaches AA; the main colour is also used for links and focus rings on the white page. One rule
 * for the branding editor's warnings and the first start's check (ADR 0064).
 */
const BRAND_CONTRAST_PAIRS: readonly {
  field: BrandColourField;
  label: string;
  foreground: (background: string) => string;
}[] = [
  {
    field: 'mainColor',
    label: 'Texto sobre el color principal (botones y zonas destacadas)',
    foreground: (bg) => readableTextColor(bg),
  },
  {
    field: 'mainColor',
    label: 'Color principal sobre fondo blanco (enlaces y marcas de foco)',
    foreground: () => LIGHT_TEXT,
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

/**
 * The contrast of every pair the given colours make (WCAG 2.2 AA, 1.4.3); colours not given or
 * that cannot be read are left out.
 */
export function brandContrastChecks(
  colours: Partial<Record<BrandColourField, string>>,
): BrandContrastCheck[] {
  const checks: BrandContrastCheck[] = [];
  for (const { field, label, foreground } of BRAND_CONTRAST_PAIRS) {
    const background = colours[field]?.trim();
    if (!background) continue;
    const ratio = contrastRatio(foreground(background), background);
    if (ratio === null) continue;
    checks.push({ field, label, ratio, passes: ratio >= AA_TEXT_CONTRAST });
  }
  return checks;
}

/** A contrast ratio the Spanish way, rounded down so a pass is never overstated: "3,2:1". */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toLocaleString('es-ES', { maximumFractionDigits: 1 })}:1`;
}
