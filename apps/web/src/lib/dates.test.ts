import { describe, expect, it } from 'vitest';
import { formatMonthYear } from './dates';

describe('formatMonthYear', () => {
  it('says a MM/yyyy month in Spanish words', () => {
    expect(formatMonthYear('06/2025')).toBe('junio de 2025');
    expect(formatMonthYear('12/2024')).toBe('diciembre de 2024');
  });
  it('answers null for anything else', () => {
    expect(formatMonthYear('13/2025')).toBeNull();
    expect(formatMonthYear(null)).toBeNull();
  });
});
