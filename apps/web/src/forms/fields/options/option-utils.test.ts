import { describe, expect, it } from 'vitest';
import {
  filterOptions,
  keepValid,
  normalizeOption,
  onlyRealOption,
  OTHER_OPTION,
  withOther,
} from './option-utils';

describe('withOther', () => {
  it('when given a list, appends "Otra" last', () => {
    expect(withOther(['A', { value: 'b', label: 'B' }])).toEqual([
      { value: 'A', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'Otra', label: 'Otra' },
    ]);
  });

  it('when the list already has "Otra", it is there once and last', () => {
    const result = withOther([OTHER_OPTION, 'A', { value: 'Otra', label: 'Otra' }]);
    expect(result.map((o) => o.value)).toEqual(['A', 'Otra']);
  });

  it('when the list is empty, only "Otra" is offered', () => {
    expect(withOther([])).toEqual([{ value: 'Otra', label: 'Otra' }]);
  });
});

describe('normalizeOption', () => {
  it('when the option is a string, it is its own value and label', () => {
    expect(normalizeOption('Murcia')).toEqual({ value: 'Murcia', label: 'Murcia' });
  });

  it('when the option is an object, it is kept as given', () => {
    expect(normalizeOption({ value: '1', label: 'Uno', description: 'd' })).toEqual({
      value: '1',
      label: 'Uno',
      description: 'd',
    });
  });
});

describe('keepValid', () => {
  it('when a single value is no longer offered, it becomes undefined', () => {
    expect(keepValid('Campus Norte', ['Campus Sur'])).toBeUndefined();
  });

  it('when a single value is still offered, it is kept', () => {
    expect(keepValid('b', [{ value: 'b', label: 'B' }])).toBe('b');
  });

  it('when a list holds some invalid values, only the valid ones stay, in order', () => {
    expect(keepValid(['c', 'x', 'a'], ['a', 'b', 'c'])).toEqual(['c', 'a']);
  });

  it('when "Otra" was chosen, it stays valid whatever the options', () => {
    expect(keepValid('Otra', [])).toBe('Otra');
    expect(keepValid(['Otra', 'x'], ['a'])).toEqual(['Otra']);
  });

  it('when nothing was chosen, nothing changes', () => {
    expect(keepValid(undefined, ['a'])).toBeUndefined();
    expect(keepValid(null, ['a'])).toBeNull();
  });
});

describe('onlyRealOption', () => {
  it('when exactly one option besides "Otra" exists, that option is returned', () => {
    expect(onlyRealOption(['Campus Sur', 'Otra'])).toEqual({
      value: 'Campus Sur',
      label: 'Campus Sur',
    });
  });

  it('when two real options exist, none is picked', () => {
    expect(onlyRealOption(['a', 'b', 'Otra'])).toBeUndefined();
  });

  it('when only "Otra" exists, none is picked', () => {
    expect(onlyRealOption(['Otra'])).toBeUndefined();
    expect(onlyRealOption([])).toBeUndefined();
  });
});

describe('filterOptions', () => {
  it('when searching without accents or case, accented labels are found', () => {
    const options = withOther(['Cádiz', 'Murcia']);
    expect(filterOptions(options, 'CADIZ').map((o) => o.value)).toEqual(['Cádiz']);
  });

  it('when the search is blank, every option stays', () => {
    expect(filterOptions(withOther(['a']), '  ')).toHaveLength(2);
  });
});
