import type { Branding } from '../types';

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR = /^(?:rgba?|hsla?|oklch|oklab|lab|lch|hwb)\([\d\s.,%/+-]+\)$/i;
const NAMED_COLOR = /^[a-z]{3,30}$/i;

/** Text colours used on top of a brand colour, whichever gives the higher contrast. */
export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#111827';

/**
 * Whether a branding value is a CSS colour. The browser decides when it can (CSS.supports);
 * otherwise (jsdom) a strict syntax check. Values are written into CSS variables, so anything
 * else is dropped instead of breaking the theme.
 */
export function isCssColor(value: string | null | undefined): value is string {
  if (!value) return false;
  const v = value.trim();
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') {
    return CSS.supports('color', v);
  }
  return HEX_COLOR.test(v) || FUNCTION_COLOR.test(v) || NAMED_COLOR.test(v);
}

/** Parses #rgb(a), #rrggbb(aa) and rgb()/rgba() into 0-255 channels; other syntaxes give null. */
export function parseRgb(color: string): [number, number, number] | null {
  const v = color.trim();
  if (HEX_COLOR.test(v)) {
    let hex = v.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  }
  const match = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(v);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  return null;
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2.x contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour (white or near-black) that reads best on a background, so a university can pick
 * a light brand colour without making the header or buttons unreadable. Unparseable colours get
 * white text.
 */
export function readableTextColor(background: string): string {
  const rgb = parseRgb(background);
  if (!rgb) return LIGHT_TEXT;
  const light = contrastRatio(rgb, [255, 255, 255]);
  const dark = contrastRatio(rgb, parseRgb(DARK_TEXT) as [number, number, number]);
  return light >= dark ? LIGHT_TEXT : DARK_TEXT;
}

/** WCAG AA for normal text. */
const AA_TEXT = 4.5;

/**
 * The brand colour as text on a white or near-white page: the colour itself when it reads (4.5:1),
 * otherwise the same hue darkened until it does. A yellow brand still tints its links, readably.
 */
export function inkOnLight(color: string): string {
  const rgb = parseRgb(color);
  if (!rgb) return DARK_TEXT;
  const white: [number, number, number] = [255, 255, 255];
  for (let keep = 1; keep >= 0; keep -= 0.05) {
    const shade = rgb.map((c) => Math.round(c * keep)) as [number, number, number];
    if (contrastRatio(shade, white) >= AA_TEXT) {
      return `#${shade.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return DARK_TEXT;
}

/** A font family name that is safe to put in CSS (letters, digits, spaces, hyphens). */
export function isFontName(value: string | null | undefined): value is string {
  return !!value && /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u.test(value.trim());
}

/**
 * The font stack for a branding font: only Montserrat is bundled (self-hosted, no font CDN), so any
 * other family is used when installed on the device and falls back to Montserrat otherwise.
 */
export function fontStack(mainFont: string): string {
  const families = [mainFont, 'Montserrat'].filter((f, i, all) => all.indexOf(f) === i);
  return [...families.map((f) => `"${f}"`), 'ui-sans-serif', 'system-ui', 'sans-serif'].join(', ');
}

/** The CSS variables the Tailwind theme reads (styles.css), computed from a branding. */
export function themeVariables(branding: Branding): Record<string, string> {
  return {
    '--color-main': branding.mainColor,
    '--color-on-main': readableTextColor(branding.mainColor),
    '--color-main-ink': inkOnLight(branding.mainColor),
    '--color-secondary': branding.secondaryColor,
    '--color-on-secondary': readableTextColor(branding.secondaryColor),
    '--color-terciary': branding.terciaryColor,
    '--color-quaternary': branding.quaternaryColor,
    '--color-footer': branding.footerColor,
    '--color-on-footer': readableTextColor(branding.footerColor),
    '--font-sans': fontStack(branding.mainFont),
  };
}

/**
 * Applies a branding to the page: title (spec §1: it comes from the project name), theme CSS
 * variables on <html> (they win over the stylesheet defaults) and the browser theme colour.
 */
export function applyBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.projectName;
  const style = doc.documentElement.style;
  for (const [name, value] of Object.entries(themeVariables(branding))) {
    style.setProperty(name, value);
  }
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.mainColor);
}

/** Points the page's icon at `href` (spec §1: the favicon is the menu logo), creating the link. */
export function setFavicon(href: string, mime: string | null, doc: Document = document): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = href;
  if (mime) link.type = mime;
  else link.removeAttribute('type');
}
