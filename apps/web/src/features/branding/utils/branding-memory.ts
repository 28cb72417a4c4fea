import type { Branding, BrandingSaasAttributes } from '../types';
import { toBranding } from './to-branding';

/**
 * The branding of the last visit, kept in this browser so that a page opens in its university's
 * colours and name at once, while the branding is fetched again (ADR 0033). It is public data; what
 * is stored is the API's attributes, read back through `toBranding`, so a stored value that is no
 * longer valid (a colour CSS cannot read) falls back to the default like a fetched one.
 */
export const BRANDING_MEMORY_KEY = 'branding';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps the attributes of a branding answer (null: none configured) for the next visit. */
export function rememberBranding(attributes: Partial<BrandingSaasAttributes> | null): void {
  try {
    storage()?.setItem(BRANDING_MEMORY_KEY, JSON.stringify(attributes ?? {}));
  } catch {
    // Storage full or blocked: the next visit starts from the defaults.
  }
}

let lastRaw: string | null = null;
let lastBranding: Branding | undefined;

/** The branding of the last visit, or undefined on a first visit (or unreadable storage). */
export function recallBranding(): Branding | undefined {
  let raw: string | null;
  try {
    raw = storage()?.getItem(BRANDING_MEMORY_KEY) ?? null;
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  // Every component reading the branding asks while it loads: parse each stored text once.
  if (raw !== lastRaw) {
    lastRaw = raw;
    try {
      const parsed: unknown = JSON.parse(raw);
      lastBranding =
        parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
          ? toBranding(parsed)
          : undefined;
    } catch {
      lastBranding = undefined;
    }
  }
  return lastBranding;
}
