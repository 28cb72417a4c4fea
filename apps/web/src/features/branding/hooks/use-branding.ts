import { useBrandingQuery } from '../api/get-branding';
import { DEFAULT_BRANDING } from '../defaults';
import type { Branding } from '../types';
import { recallBranding } from '../utils/branding-memory';

/**
 * The branding in effect, at once: the loaded one; while it loads, the one of the last visit (the
 * defaults on a first visit); the defaults when it failed (spec §8: a branding failure is only
 * logged). The page never waits for it (ADR 0033).
 */
export function useBranding(): Branding {
  const { data, isPending } = useBrandingQuery();
  return data ?? (isPending ? recallBranding() : undefined) ?? DEFAULT_BRANDING;
}
