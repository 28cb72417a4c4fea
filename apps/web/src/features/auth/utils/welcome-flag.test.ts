import { afterEach, describe, expect, it } from 'vitest';
import { clearWelcomePending, isWelcomePending, markWelcomePending } from './welcome-flag';

afterEach(() => localStorage.clear());

describe('welcome flag', () => {
  it('when a user is marked, only that user id is pending, under the key welcome:<id>', () => {
    markWelcomePending(7);
    expect(isWelcomePending(7)).toBe(true);
    expect(isWelcomePending(8)).toBe(false);
    expect(localStorage.getItem('welcome:7')).toBe('true');
  });

  it('when the mark is cleared, the user is no longer pending', () => {
    markWelcomePending(7);
    clearWelcomePending(7);
    expect(isWelcomePending(7)).toBe(false);
  });
});
