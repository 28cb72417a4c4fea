import type { FooterLanguageOption, FooterLink } from '../types';

/**
 * The footer's language selector (ADR 0015). The product is in Spanish only, so choosing a
 * language does not translate the interface: it chooses which of the footer's links are shown
 * (each link may carry a `language`; links without one are always shown) and marks them with
 * `lang`. The choice is kept in localStorage.
 */

/** The product's own language (spec: a Spanish-language platform). */
export const PRODUCT_LANGUAGE = 'es';

const KEY = 'footerLanguage';

export function readChosenLanguage(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeChosenLanguage(language: string): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

/**
 * The language in effect: the stored choice when the selector still offers it enabled, else the
 * product's language.
 */
export function effectiveLanguage(options: FooterLanguageOption[], chosen: string | null): string {
  const enabled = options.filter((o) => !o.disabled).map((o) => o.value);
  return chosen !== null && enabled.includes(chosen) ? chosen : PRODUCT_LANGUAGE;
}

/** The links to show for a language: those in it and those without a language. */
export function linksFor(links: FooterLink[], language: string): FooterLink[] {
  return links.filter((link) => !link.language || link.language === language);
}
