/** A date in Spanish words ("21 de noviembre de 2026", spec §3), for text and screen readers. */
export function formatLongDate(date: string | Date): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(value);
}

/** A "MM/yyyy" month (spec §5) in Spanish words ("junio de 2025"); null when it is not one. */
export function formatMonthYear(month: string | null): string | null {
  const match = month ? /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(month) : null;
  if (!match) return null;
  return new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric' }).format(
    new Date(Number(match[2]), Number(match[1]) - 1, 1),
  );
}
