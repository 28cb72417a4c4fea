import { toLocalDate } from '../../../forms/engine/dates';
import { formatLongDate } from '../../../lib/dates';

/** "1 grado", "3 grados". */
export const countOf = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** "4 años", "1 año"; null when the catalogue does not say. */
export const durationText = (years: number | null) =>
  years === null ? null : countOf(years, 'año', 'años');

/** A day of a call's period ("yyyy-MM-dd") in Spanish words, as the day it is wherever one reads. */
export function dayText(day: string): string {
  const date = toLocalDate(day);
  return date ? formatLongDate(date) : day;
}

/**
 * A call's academic period in words: "Del 1 de septiembre de 2026 al 30 de junio de 2027";
 * an open end is said as such.
 */
export function periodText(start: string | null, end: string | null): string {
  if (start && end) return `Del ${dayText(start)} al ${dayText(end)}`;
  if (start) return `Desde el ${dayText(start)}, sin fecha de fin`;
  if (end) return `Hasta el ${dayText(end)}`;
  return 'Sin periodo académico';
}
