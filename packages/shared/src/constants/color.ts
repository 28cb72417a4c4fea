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
const AA_TEXT = 4.5;

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
