import { describe, expect, it } from 'vitest';
import { nextPollDelay, POLL_HIDDEN_MS, POLL_MAX_MS, POLL_VISIBLE_MS } from './poll-delay';

describe('nextPollDelay (ADR 0044)', () => {
  it('polls every 30 s while the tab is visible and every 5 minutes while hidden', () => {
    expect(nextPollDelay({ isVisible: true, failures: 0 })).toBe(30_000);
    expect(nextPollDelay({ isVisible: false, failures: 0 })).toBe(POLL_HIDDEN_MS);
    expect(POLL_HIDDEN_MS).toBeGreaterThan(POLL_VISIBLE_MS);
  });

  it('doubles the wait after each failure in a row, up to 10 minutes', () => {
    expect(nextPollDelay({ isVisible: true, failures: 1 })).toBe(60_000);
    expect(nextPollDelay({ isVisible: true, failures: 2 })).toBe(120_000);
    expect(nextPollDelay({ isVisible: true, failures: 4 })).toBe(480_000);
    expect(nextPollDelay({ isVisible: true, failures: 5 })).toBe(POLL_MAX_MS);
    expect(nextPollDelay({ isVisible: true, failures: 500 })).toBe(POLL_MAX_MS);
    expect(nextPollDelay({ isVisible: false, failures: 1 })).toBe(POLL_MAX_MS);
  });
});
