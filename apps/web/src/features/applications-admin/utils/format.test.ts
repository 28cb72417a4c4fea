import { describe, expect, it } from 'vitest';
import { countLabel, formatDay } from './format';

describe('format', () => {
  it('formats a day in Spanish and leaves a bad date as it came', () => {
    expect(formatDay('2026-11-03T10:00:00.000Z')).toMatch(/^3 nov\.? 2026$/);
    expect(formatDay('mañana')).toBe('mañana');
  });

  it('counts in singular and plural', () => {
    expect(countLabel(1, 'candidatura', 'candidaturas')).toBe('1 candidatura');
    expect(countLabel(0, 'candidatura', 'candidaturas')).toBe('0 candidaturas');
  });
});
