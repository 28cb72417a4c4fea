import { describe, expect, it } from 'vitest';
import { StatementNames } from './statements';

describe('StatementNames', () => {
  it('when a statement is seen the second time, it gets a stable name; the first time it runs unnamed', () => {
    const names = new StatementNames();
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    const name = names.nameFor('SELECT 1');
    expect(name).toMatch(/^s_[\w-]{27}$/);
    expect(names.nameFor('SELECT 1')).toBe(name);
  });

  it('when the prepared statements reach the cap, new shapes run unnamed', () => {
    const names = new StatementNames(100, 3);
    for (const text of ['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 4']) {
      names.nameFor(text);
      names.nameFor(text);
    }
    expect(names.nameFor('SELECT 3')).toBeDefined();
    expect(names.nameFor('SELECT 4')).toBeUndefined();
  });

  it('when more shapes pass than it tracks, the oldest are forgotten', () => {
    const names = new StatementNames(2, 10);
    names.nameFor('SELECT 1');
    names.nameFor('SELECT 2');
    names.nameFor('SELECT 3');
    expect(names.nameFor('SELECT 1')).toBeUndefined();
  });
});
