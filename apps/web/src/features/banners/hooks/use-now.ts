import { useEffect, useState } from 'react';
import { hydrationClock } from '../../../lib/server-rendered';

/**
 * The clock (`Date.now()`), read again every `intervalMs`, so a banner appears or goes away when
 * its window opens or closes on a page left open. Tests set the clock (vi.setSystemTime,
 * Playwright's page.clock).
 */
export function useNow(intervalMs = 60_000): number {
  // A page the server drew is hydrated at the server's time (ADR 0060), then takes the browser's.
  const [now, setNow] = useState(() => hydrationClock() ?? Date.now());
  useEffect(() => {
    // Once hydrated, the browser's clock at once (the same as the server's, unless it is off).
    const hydrated = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => {
      window.clearTimeout(hydrated);
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
