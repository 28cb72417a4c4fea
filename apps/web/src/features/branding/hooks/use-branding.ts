import { useBrandingQuery } from '../api/get-branding';
import { DEFAULT_BRANDING } from '../defaults';
import type { Branding } from '../types';

/**
 * The branding in effect: the loaded one, or the defaults while it loads or when it failed
 * (spec §8: a branding failure is only logged).
 */
export function useBranding(): Branding {
  return useBrandingQuery().data ?? DEFAULT_BRANDING;
}
