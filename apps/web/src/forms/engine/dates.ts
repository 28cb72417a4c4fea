/** Dates are held as "yyyy-MM-dd" and shown as "dd/MM/yyyy" (spec §9: es-ES). */

function pad(number: number): string {
  return String(number).padStart(2, '0');
}

/** "dd/MM/yyyy" (also d/M/yyyy) to "yyyy-MM-dd"; undefined when it is no real day. */
export function parseSpanishDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return undefined;
  if (day < 1 || day > new Date(year, month, 0).getDate()) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "yyyy-MM-dd" to "dd/MM/yyyy"; other text unchanged. */
export function formatSpanishDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** Whether the value is a real day as "yyyy-MM-dd". */
export function isIsoDate(text: string): boolean {
  return parseSpanishDate(formatSpanishDate(text)) === text;
}

/** A local Date for "yyyy-MM-dd" (no time-zone shift), or undefined. */
export function toLocalDate(iso: string): Date | undefined {
  if (!isIsoDate(iso)) return undefined;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** A local Date as "yyyy-MM-dd". */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
