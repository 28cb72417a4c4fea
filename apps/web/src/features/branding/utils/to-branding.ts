import { DEFAULT_BRANDING } from '../defaults';
import type { Branding, BrandingSaasAttributes, BrandingsResponse, MenuLogo } from '../types';
import { isCssColor, isFontName } from './theme';
import { resolveMediaUrl } from '../../../lib/media-url';

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function color(value: unknown, fallback: string): string {
  const v = text(value);
  return isCssColor(v) ? v : fallback;
}

/**
 * Turns the branding attributes into the app's {@link Branding}: missing, empty or invalid values
 * (a colour CSS cannot read, a font name with quotes) fall back to the defaults one by one.
 */
export function toBranding(
  attributes: Partial<BrandingSaasAttributes> | null | undefined,
): Branding {
  const a = attributes ?? {};
  const font = text(a.mainfont);
  return {
    mainColor: color(a.mainColor, DEFAULT_BRANDING.mainColor),
    secondaryColor: color(a.secondaryColor, DEFAULT_BRANDING.secondaryColor),
    terciaryColor: color(a.terciaryColor, DEFAULT_BRANDING.terciaryColor),
    quaternaryColor: color(a.quaternaryColor, DEFAULT_BRANDING.quaternaryColor),
    footerColor: color(a.footerColor, DEFAULT_BRANDING.footerColor),
    projectName: text(a.projectName) ?? DEFAULT_BRANDING.projectName,
    mainFont: isFontName(font) ? font : DEFAULT_BRANDING.mainFont,
    logoUrl: text(a.logoUrl),
    origin: text(a.origin),
    program: text(a.program),
    mailTo: text(a.mailTo),
    universityName: text(a.university_name),
    politicsUrl: text(a.politicsUrl),
  };
}

/** The first branding entry with a usable menu logo, or null. */
export function toMenuLogo(response: BrandingsResponse | null | undefined): MenuLogo | null {
  for (const entry of response?.data ?? []) {
    const media = entry.attributes?.menuLogo?.data?.attributes;
    const url = resolveMediaUrl(media?.url);
    if (media && url) {
      return { url, alternativeText: text(media.alternativeText), mime: text(media.mime) };
    }
  }
  return null;
}
