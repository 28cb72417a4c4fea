const MINUTE_MS = 60_000;

function plural(count: number, one: string, many: string): string {
  return `hace ${count} ${count === 1 ? one : many}`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Spec §4 Notification: how long ago something happened, in minutes below 60, hours below 24 and
 * days below 31, otherwise the date as dd/MM/yyyy. Under a minute (or a date a clock puts in the
 * future) reads "hace un momento" rather than "hace 0 minutos".
 *
 * @param date an ISO date-time or a Date
 * @param now the present moment (passed in by tests)
 */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return '';
  const minutes = Math.floor(Math.max(0, now.getTime() - then.getTime()) / MINUTE_MS);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return plural(minutes, 'minuto', 'minutos');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hora', 'horas');
  const days = Math.floor(hours / 24);
  if (days < 31) return plural(days, 'día', 'días');
  return `${twoDigits(then.getDate())}/${twoDigits(then.getMonth() + 1)}/${then.getFullYear()}`;
}

/** A date in Spanish words: the app's one formatter (lib/dates), used across the profile. */
export { formatLongDate } from '../../../lib/dates';
