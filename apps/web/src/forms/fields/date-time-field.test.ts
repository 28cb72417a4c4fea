import { describe, expect, it } from 'vitest';
import { parseTime, toDateTime } from './date-time-field';

describe('date and time as typed', () => {
  it('reads times of day in 24 hours', () => {
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime('23.59')).toBe('23:59');
    expect(parseTime('18h05')).toBe('18:05');
    expect(parseTime('24:00')).toBeUndefined();
    expect(parseTime('7 pm')).toBeUndefined();
  });

  it('joins a real day and time, uses the default time for a day alone, and keeps anything else as typed', () => {
    expect(toDateTime('2024-04-01', '9:30', '00:00')).toBe('2024-04-01T09:30');
    expect(toDateTime('2024-04-05', '', '23:59')).toBe('2024-04-05T23:59');
    expect(toDateTime('', '', '23:59')).toBe('');
    expect(toDateTime('31/02/2024', '', '23:59')).toBe('31/02/2024T');
    expect(toDateTime('2024-04-05', '25:00', '23:59')).toBe('2024-04-05T25:00');
  });
});
