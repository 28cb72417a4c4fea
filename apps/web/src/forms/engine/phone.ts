/** Spec §9: the default phone country is Spain. */
export const DEFAULT_PHONE_PREFIX = '+34';

/**
 * Spec §9 default country ES: a number written without an international prefix is Spanish, so
 * it is submitted with +34.
 */
export function toInternationalPhone(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed === '' || trimmed.startsWith('+')) return trimmed;
  return `${DEFAULT_PHONE_PREFIX} ${trimmed}`;
}
