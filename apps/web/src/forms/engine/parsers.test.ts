import { describe, expect, it } from 'vitest';
import type { FormItem } from '../types';
import { formatSpanishDate, isIsoDate, parseSpanishDate } from './dates';
import { isMonth, parseMonth } from './month';
import { getInitialValues, getProgress, getSteps, getSubmittedValues } from './use-form';

describe('parseMonth', () => {
  it('when given MM/yyyy or M/yyyy, answers MM/yyyy', () => {
    expect(parseMonth('03/2024')).toBe('03/2024');
    expect(parseMonth('3/2024')).toBe('03/2024');
    expect(parseMonth(' 12/2025 ')).toBe('12/2025');
  });

  it('when given dd/MM/yyyy, keeps month and year', () => {
    expect(parseMonth('15/03/2024')).toBe('03/2024');
    expect(parseMonth('29/02/2024')).toBe('02/2024');
  });

  it('when the month or day does not exist, or the text is another format, answers undefined', () => {
    expect(parseMonth('13/2024')).toBeUndefined();
    expect(parseMonth('00/2024')).toBeUndefined();
    expect(parseMonth('30/02/2024')).toBeUndefined();
    expect(parseMonth('2024-03')).toBeUndefined();
    expect(parseMonth('03/24')).toBeUndefined();
  });

  it('isMonth accepts only the normalised form', () => {
    expect(isMonth('03/2024')).toBe(true);
    expect(isMonth('3/2024')).toBe(false);
  });
});

describe('Spanish dates', () => {
  it('when given dd/MM/yyyy of a real day, answers yyyy-MM-dd; otherwise undefined', () => {
    expect(parseSpanishDate('05/02/2024')).toBe('2024-02-05');
    expect(parseSpanishDate('5/2/2024')).toBe('2024-02-05');
    expect(parseSpanishDate('31/04/2024')).toBeUndefined();
    expect(parseSpanishDate('2024-02-05')).toBeUndefined();
  });

  it('formats yyyy-MM-dd as dd/MM/yyyy and recognises real days', () => {
    expect(formatSpanishDate('2024-01-31')).toBe('31/01/2024');
    expect(isIsoDate('2024-01-31')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('steps and values', () => {
  it('progress is (step-1)*100/(steps-1); a one-step form is at 100', () => {
    expect(getProgress(1, 3)).toBe(0);
    expect(getProgress(2, 3)).toBe(50);
    expect(getProgress(3, 3)).toBe(100);
    expect(getProgress(2, 4)).toBe(33);
    expect(getProgress(1, 1)).toBe(100);
  });

  it('steps are the distinct item steps in order; items without a step are on step 1', () => {
    expect(
      getSteps([
        { type: 'text', value: 'a', step: 3 },
        { type: 'text', value: 'b' },
        { type: 'text', value: 'c', step: 3 },
      ]),
    ).toEqual([1, 3]);
  });

  it('initial values come from default, then defaultValue, and given values win', () => {
    expect(
      getInitialValues(
        [
          { type: 'text', value: 'a', default: 'x', defaultValue: 'y' },
          { type: 'text', value: 'b', defaultValue: 'y' },
          { type: 'number', value: 'c', default: 3 },
        ],
        { c: 4 },
      ),
    ).toEqual({ a: 'x', b: 'y', c: 4 });
  });

  it('a submitted phone without prefix gets +34 (default country ES), in E.164', () => {
    expect(getSubmittedValues([{ type: 'phone', value: 'p' }], { p: '600 123 456' })).toEqual({
      p: '+34600123456',
    });
  });

  it('submitted values leave out hidden items and inactive extensions', () => {
    const items: FormItem[] = [
      { type: 'text', value: 'a' },
      { type: 'text', value: 'b', condition: () => false },
      {
        type: 'select',
        value: 'c',
        extension: { options: ['Otra'], field: { type: 'text', value: 'c_other' } },
      },
    ];
    expect(getSubmittedValues(items, { a: '1', b: '2', c: 'UAM', c_other: 'stale' })).toEqual({
      a: '1',
      c: 'UAM',
    });
  });
});
