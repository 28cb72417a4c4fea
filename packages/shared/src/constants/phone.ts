import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_MAX_LENGTH, PROFILE_PHONE_PATTERN } from './field-rules';
import { DEFAULT_PHONE_COUNTRY } from './limits';

/**
 * Phones are stored in international form, E.164 ("+34612345678"), whatever the client sends
 * (ADR 0034): one rule for the web's phone fields and every phone the API writes.
 */

function parse(text: string) {
  const trimmed = text.trim();
  // Spec §5: what may be written (an optional +prefix, an optional parenthesised area code, then
  // digits, spaces, dots or dashes); libphonenumber alone would also pull a number out of prose.
  if (trimmed.length > PHONE_MAX_LENGTH || !PROFILE_PHONE_PATTERN.test(trimmed)) return undefined;
  return parsePhoneNumberFromString(trimmed, {
    defaultCountry: DEFAULT_PHONE_COUNTRY,
    extract: false,
  });
}

/**
 * A phone written as spec §5 allows, in E.164, or undefined when it is none. A number without
 * an international prefix is Spanish (spec §9 default country ES; "00" works as a prefix too), and
 * it must have a possible length for its country: the length is checked rather than the number
 * ranges, which change over time and would refuse newly assigned numbers.
 */
export function toE164Phone(text: string): string | undefined {
  const phone = parse(text);
  return phone?.isPossible() ? phone.number : undefined;
}

/** Whether the text is a phone the platform stores (see {@link toE164Phone}). */
export function isPhoneNumber(text: string): boolean {
  return toE164Phone(text) !== undefined;
}

/**
 * A stored phone as people read it, in international format with the country's grouping
 * ("+34 612 34 56 78"); text that is no phone is given back as it is.
 */
export function formatPhone(text: string): string {
  const phone = parse(text);
  return phone?.isPossible() ? phone.formatInternational() : text;
}
