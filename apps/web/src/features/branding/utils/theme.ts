import { inkOnLight, readableTextColor } from '../../../lib/color';
import type { Branding } from '../types';

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR = /^(?:rgba?|hsla?|oklch|oklab|lab|lch|hwb)\([\d\s.,%/+-]+\)$/i;
const NAMED_COLOR = /^[a-z]{3,30}$/i;

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

/** A font family name that is safe to put in CSS (letters, digits, spaces, hyphens). */
export function isFontName(value: string | null | undefined): value is string {
  return !!value && /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u.test(value.trim());
}

/**
 * The font stack for a branding font: only Montserrat is bundled (self-hosted, no font CDN), so any
 * other family is used when installed on the device and falls back to Montserrat otherwise.
 */
export function fontStack(mainFont: string): string {
  // Montserrat's metric-matched fallback (styles.css) keeps the swap from moving text.
  const families = [mainFont, 'Montserrat', 'Montserrat Fallback'].filter(
    (f, i, all) => all.indexOf(f) === i,
  );
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
 * Applies a branding to the page: theme CSS variables on <html> (they win over the stylesheet
 * defaults) and the browser theme colour. The title (spec §1: it comes from the project name) is
 * the root layout's (app/layouts/page-title.tsx), since it also names the page.
 */
export function applyBranding(branding: Branding, doc: Document = document): void {
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
