import { describe, expect, it } from 'vitest';
import type { MenuUser } from '../types';
import { fullName, shortName, userInitials } from './user-labels';

const user = (overrides: Partial<MenuUser> = {}): MenuUser => ({
  name: 'Lucía',
  surname: 'Martínez Navarro',
  username: 'lucia.martinez',
  email: 'estudiante@demo.es',
  pictureUrl: null,
  ...overrides,
});

describe('user labels', () => {
  it('with name and surname: the first name, the full name and two initials', () => {
    expect(shortName(user())).toBe('Lucía');
    expect(fullName(user())).toBe('Lucía Martínez Navarro');
    expect(userInitials(user())).toBe('LM');
  });

  it('without a name, the username stands in, and its first letter is the initial', () => {
    const anonymous = user({ name: null, surname: '  ' });
    expect(shortName(anonymous)).toBe('lucia.martinez');
    expect(fullName(anonymous)).toBe('lucia.martinez');
    expect(userInitials(anonymous)).toBe('L');
  });

  it('initials of lower-case names are upper case, accents kept', () => {
    expect(userInitials(user({ name: 'ángela', surname: 'óscar' }))).toBe('ÁÓ');
  });
});
