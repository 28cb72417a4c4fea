import { BRAND_COLOUR_PATTERN } from '@plataforma/shared';

/**
 * The colour maths of the branding live in the shared package, so the API's emails keep the
 * contrast rule of the site (ADR 0032); the web reads them from here.
 */
export {
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  inkOnLight,
  parseRgb,
  readableTextColor,
  rgbContrast,
  type Rgb,
} from '@plataforma/shared';

/** `#abc` → `#aabbcc`, lower case, for `<input type="color">` (it only takes #rrggbb). */
export function toSixDigitHex(color: string): string | null {
  const v = color.trim();
  if (!BRAND_COLOUR_PATTERN.test(v)) return null;
  const hex = v.slice(1);
  const six = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${six.toLowerCase()}`;
}
