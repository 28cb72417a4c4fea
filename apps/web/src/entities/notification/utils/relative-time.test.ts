import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelativeTime } from './relative-time';

const NOW = new Date(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime (spec §4)', () => {
  it('under a minute, and for a date in the future, says "hace un momento"', () => {
    expect(formatRelativeTime(ago(30_000), NOW)).toBe('hace un momento');
    expect(formatRelativeTime(ago(-5 * MINUTE), NOW)).toBe('hace un momento');
  });

  it('below 60 minutes, counts minutes (singular and plural)', () => {
    expect(formatRelativeTime(ago(MINUTE), NOW)).toBe('hace 1 minuto');
    expect(formatRelativeTime(ago(12 * MINUTE + 40_000), NOW)).toBe('hace 12 minutos');
    expect(formatRelativeTime(ago(59 * MINUTE), NOW)).toBe('hace 59 minutos');
  });

  it('from 60 minutes to below 24 hours, counts hours', () => {
    expect(formatRelativeTime(ago(60 * MINUTE), NOW)).toBe('hace 1 hora');
    expect(formatRelativeTime(ago(3 * HOUR + 59 * MINUTE), NOW)).toBe('hace 3 horas');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe('hace 23 horas');
  });

  it('from 24 hours to below 31 days, counts days', () => {
    expect(formatRelativeTime(ago(24 * HOUR), NOW)).toBe('hace 1 día');
    expect(formatRelativeTime(ago(12 * DAY), NOW)).toBe('hace 12 días');
    expect(formatRelativeTime(ago(30 * DAY + 23 * HOUR), NOW)).toBe('hace 30 días');
  });

  it('from 31 days on, shows the date as dd/MM/yyyy', () => {
    expect(formatRelativeTime(ago(31 * DAY), NOW)).toBe('21/10/2026');
    expect(formatRelativeTime(new Date(2025, 0, 5, 9, 30), NOW)).toBe('05/01/2025');
  });

  it('accepts ISO strings, and answers an empty text for an invalid date', () => {
    expect(formatRelativeTime(ago(2 * HOUR).toISOString(), NOW)).toBe('hace 2 horas');
    expect(formatRelativeTime('no es una fecha', NOW)).toBe('');
  });
});

describe('formatLongDate', () => {
  it('writes the date in Spanish words', () => {
    expect(formatLongDate(new Date(2026, 10, 21))).toBe('21 de noviembre de 2026');
  });
});
