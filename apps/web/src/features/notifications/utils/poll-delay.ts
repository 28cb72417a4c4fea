/**
 * How often the bell asks for its count (ADR 0044): every 30 s while the tab is visible, every
 * 5 minutes while hidden (the count is read at once when the tab comes back), and after failures
 * twice as long each time, up to 10 minutes, so a server in trouble is not hammered by every open
 * tab. A success goes back to the normal pace.
 */
export const POLL_VISIBLE_MS = 30_000;
export const POLL_HIDDEN_MS = 5 * 60_000;
export const POLL_MAX_MS = 10 * 60_000;

export function nextPollDelay({
  isVisible,
  failures,
}: {
  isVisible: boolean;
  /** Failed polls in a row since the last success. */
  failures: number;
}): number {
  const base = isVisible ? POLL_VISIBLE_MS : POLL_HIDDEN_MS;
  if (failures <= 0) return base;
  return Math.min(POLL_MAX_MS, base * 2 ** Math.min(failures, 16));
}
