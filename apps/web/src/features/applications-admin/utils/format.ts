const DAY = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });

/** "3 nov 2026": a short Spanish date for table cells; an unreadable date is shown as it came. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

/** "1 candidatura" / "23 candidaturas". */
export function countLabel(total: number, singular: string, plural: string): string {
  return `${total.toLocaleString('es-ES')} ${total === 1 ? singular : plural}`;
}
