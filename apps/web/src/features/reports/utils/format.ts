import { formatLongDate } from '../../../lib/dates';
import type { ReportFilters } from '../types';

const COUNT = new Intl.NumberFormat('es-ES');

/** A count as Spanish reads it ("12.345"). */
export const formatCount = (value: number) => COUNT.format(value);

/** A YYYY-MM-DD day in words, read as the calendar day it names ("1 de abril de 2026"). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatLongDate(new Date(year, month - 1, date));
}

/**
 * What the figures are about, in words: "Universidad de Murcia, del 1 de enero de 2026 al 30 de
 * junio de 2026"; "Todas las universidades, desde siempre".
 */
export function describeFilters(filters: ReportFilters, universityName: string | null): string {
  const who =
    filters.university === null
      ? 'Todas las universidades'
      : (universityName ?? `Universidad ${filters.university}`);
  const { from, to } = filters;
  const when =
    from !== null && to !== null
      ? from === to
        ? `el ${formatDay(from)}`
        : `del ${formatDay(from)} al ${formatDay(to)}`
      : from !== null
        ? `desde el ${formatDay(from)}`
        : to !== null
          ? `hasta el ${formatDay(to)}`
          : 'desde el principio';
  return `${who}, ${when}`;
}
