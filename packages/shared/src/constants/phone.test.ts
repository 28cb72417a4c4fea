import { describe, expect, it } from 'vitest';
import { phoneSchema } from '../schemas/account';
import { confirmSelectedBodySchema } from '../schemas/communications';
import { PROFILE_PHONE_PATTERN } from './field-rules';
import { formatPhone, isPhoneNumber, toE164Phone } from './phone';

describe('phones in international form (E.164)', () => {
  it('a number without a prefix is Spanish (+34), whatever the separators', () => {
    for (const phone of ['612345678', '612 345 678', '612.34.56.78', '612-345-678', '(91) 1234567'])
      expect(toE164Phone(phone)).toMatch(/^\+34(612345678|911234567)$/);
  });

  it('a prefix, with + or 00, keeps its country', () => {
    expect(toE164Phone('+34 (91) 123 45 67')).toBe('+34911234567');
    expect(toE164Phone('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164Phone('0044 20 7946 0958')).toBe('+442079460958');
    expect(toE164Phone('+1 213 373 4253')).toBe('+12133734253');
  });

  it('E.164 stays as it is', () => {
    expect(toE164Phone('+34612345678')).toBe('+34612345678');
  });

  it('text, stray characters and numbers of an impossible length are no phone', () => {
    for (const phone of ['llámame', '', '600 12a', '123', '+34 1234567890123456', '6123456789'])
      expect(isPhoneNumber(phone)).toBe(false);
  });

  it('what the spec §5 pattern refuses is refused, what it lets through comes out in E.164 or is refused', () => {
    for (const phone of [
      '+34 600 000 000',
      '(91) 1234567',
      '+34 (91) 123 45 67',
      'llámame',
      '91) 123',
    ]) {
      const result = phoneSchema.safeParse(phone);
      if (!PROFILE_PHONE_PATTERN.test(phone)) expect(result.success).toBe(false);
      if (result.success) expect(result.data).toMatch(/^\+[1-9]\d{6,14}$/);
    }
    expect(phoneSchema.parse(' 968 000 000 ')).toBe('+34968000000');
  });

  it('the communication calls normalise their phone the same way; empty is absent', () => {
    const body = { emailT: 'a@b.es', emailS: 'c@d.es', projectName: 'Huerto' };
    expect(confirmSelectedBodySchema.parse({ ...body, phone: '600 000 000' }).phone).toBe(
      '+34600000000',
    );
    expect(confirmSelectedBodySchema.parse({ ...body, phone: ' ' }).phone).toBeUndefined();
    expect(confirmSelectedBodySchema.safeParse({ ...body, phone: '123' }).success).toBe(false);
  });

  it('a stored phone is shown grouped the way its country writes it', () => {
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('no es un teléfono')).toBe('no es un teléfono');
  });
});
