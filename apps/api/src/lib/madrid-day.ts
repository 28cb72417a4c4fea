/**
 * Spain's calendar day (YYYY-MM-DD, Europe/Madrid): the day a deadline ends on and the day visits
 * are counted in (ADR 0039). One formatter for the process: making one per call cost a measurable
 * share of CPU under write load (docs/performance.md).
 */
const MADRID_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function madridDay(now: Date = new Date()): string {
  return MADRID_DAY.format(now);
}
