import { useEffect, useState } from 'react';

/**
 * The clock (`Date.now()`), read again every `intervalMs`, so a banner appears or goes away when
 * its window opens or closes on a page left open. Tests set the clock (vi.setSystemTime,
 * Playwright's page.clock).
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
