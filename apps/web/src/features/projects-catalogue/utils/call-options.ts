import { formatSpanishDate } from '../../../forms/engine/dates';
import type { Call } from '../types';

/** Degrees named in a call's label before the rest are counted ("y 2 más"). */
const DEGREES_SHOWN = 3;

/** "a", "a y b", "a, b y c" (Spanish lists). */
export function joinSpanish(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)!}`;
}

const unique = (items: string[]) => [...new Set(items)];

/** "del 01/09/2026 al 31/07/2027", "desde el 01/09/2026", "hasta el 31/07/2027", or ''. */
export function callPeriod({ periodStart, periodEnd }: Pick<Call, 'periodStart' | 'periodEnd'>) {
  const start = periodStart ? formatSpanishDate(periodStart) : null;
  const end = periodEnd ? formatSpanishDate(periodEnd) : null;
  if (start && end) return `del ${start} al ${end}`;
  if (start) return `desde el ${start}`;
  if (end) return `hasta el ${end}`;
  return '';
}

/**
 * A call as a student can tell it from the others of the same name: its degrees (the first
 * three, then how many more), their universities and its academic period, e.g.
 * "Convocatoria TFG 2026-2027: Grado en Psicología y Grado en Logopedia (Universidad de Murcia),
 * del 01/09/2026 al 31/07/2027".
 */
export function callLabel(call: Call): string {
  const names = unique(call.degrees.map((degree) => degree.name));
  const shown = names.slice(0, DEGREES_SHOWN);
  const more = names.length - shown.length;
  const degrees = more > 0 ? `${shown.join(', ')} y ${more} más` : joinSpanish(shown);
  const universities = joinSpanish(unique(call.degrees.flatMap((degree) => degree.universities)));
  const parts = [
    [degrees, universities ? `(${universities})` : ''].filter(Boolean).join(' '),
    callPeriod(call),
  ].filter(Boolean);
  return parts.length > 0 ? `${call.name}: ${parts.join(', ')}` : call.name;
}

export interface CallGroup {
  /** The optgroup's label; null for a list without groups. */
  label: string | null;
  calls: Call[];
}

/** The university a call is listed under among the others (its first one, by name). */
function sortKey(call: Call): string {
  const universities = unique(call.degrees.flatMap((degree) => degree.universities)).sort((a, b) =>
    a.localeCompare(b, 'es'),
  );
  return `${universities[0] ?? '\uffff'}\u0000${callLabel(call)}`;
}

/**
 * The calls in the order a student looks for theirs (ADR 0034): first those of their own degree
 * ("De tu titulación"), then "Otras convocatorias" by university and label. Without a degree, or
 * with no call of it, one list without groups.
 */
export function groupCalls(calls: Call[], ownCallIds: ReadonlySet<number>): CallGroup[] {
  const byKey = (a: Call, b: Call) => sortKey(a).localeCompare(sortKey(b), 'es');
  const own = calls.filter((call) => ownCallIds.has(call.id)).sort(byKey);
  const others = calls.filter((call) => !ownCallIds.has(call.id)).sort(byKey);
  if (own.length === 0) return [{ label: null, calls: others }];
  return [
    { label: 'De tu titulación', calls: own },
    ...(others.length > 0 ? [{ label: 'Otras convocatorias', calls: others }] : []),
  ];
}
