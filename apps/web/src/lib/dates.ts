/** A date in Spanish words ("21 de noviembre de 2026", spec §3), for text and screen readers. */
export function formatLongDate(date: string | Date): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(value);
}
