import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  PROFILE_PHONE_PATTERN,
  USERNAME_PATTERN,
} from './field-rules';
import { phoneSchema } from '../schemas/account';

describe('field rules shared by the forms and the API', () => {
  it('when a profile phone has a prefix, an area code and up to 15 digits after the prefix, it is accepted', () => {
    for (const phone of [
      '+34 600 000 000',
      '(91) 1234567',
      '+34 (91) 123 45 67',
      '+34 123456789012345',
    ])
      expect(PROFILE_PHONE_PATTERN.test(phone)).toBe(true);
  });

  it('when a profile phone has more than 15 digits after the prefix or stray text, it is refused', () => {
    for (const phone of ['+34 1234567890123456', '(12345) 12345678901', '91) 123', 'llámame', ''])
      expect(PROFILE_PHONE_PATTERN.test(phone)).toBe(false);
  });

  it('when the API checks a phone, it accepts what the form pattern does, as a number of a possible length', () => {
    for (const phone of ['+34 600 000 000', '+34 1234567890123456', '(91) 1234567', 'llámame'])
      expect(phoneSchema.safeParse(phone).success).toBe(PROFILE_PHONE_PATTERN.test(phone));
  });

  it('when an email, a web address or a username is checked, the obvious mistakes are refused', () => {
    expect(EMAIL_PATTERN.test('ana@example.org')).toBe(true);
    expect(EMAIL_PATTERN.test('ana@example')).toBe(false);
    expect(HTTP_URL_PATTERN.test('https://x.org')).toBe(true);
    expect(HTTP_URL_PATTERN.test('ftp://x.org')).toBe(false);
    expect(USERNAME_PATTERN.test('ana.garcía')).toBe(true);
    expect(USERNAME_PATTERN.test('ana@example.org')).toBe(false);
  });
});
