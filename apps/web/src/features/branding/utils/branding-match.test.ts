import { describe, expect, it } from 'vitest';
import { isEmprendeProgram, isMurciaOrigin } from './branding-match';

const brand = (origin: string | null, program: string | null) => ({ origin, program });

describe('isMurciaOrigin', () => {
  it.each([
    ['Murcia', true],
    ['Universidad de Murcia', true],
    ['MURCIA', true],
    ['región de murcia', true],
    ['Madrid', false],
    ['', false],
  ])('when the origin is "%s", it answers %s', (origin, expected) => {
    expect(isMurciaOrigin(brand(origin, null))).toBe(expected);
  });

  it('when there is no origin or no branding, it answers false', () => {
    expect(isMurciaOrigin(brand(null, 'Emprende'))).toBe(false);
    expect(isMurciaOrigin(null)).toBe(false);
    expect(isMurciaOrigin(undefined)).toBe(false);
  });
});

describe('isEmprendeProgram', () => {
  it.each([
    ['Emprende', true],
    ['Programa Emprende 2024', true],
    ['emprende', true],
    ['EMPRENDEDORES', true],
    ['Impulsa', false],
    ['', false],
  ])('when the program is "%s", it answers %s', (program, expected) => {
    expect(isEmprendeProgram(brand(null, program))).toBe(expected);
  });

  it('when there is no program or no branding, it answers false', () => {
    expect(isEmprendeProgram(brand('Murcia', null))).toBe(false);
    expect(isEmprendeProgram(null)).toBe(false);
  });
});
