/** What the badge shows: the count, capped so that it stays a small round badge. */
export function formatBadgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell's accessible name, which carries the count (the badge itself is hidden from screen
 * readers so it is not read twice). Without a count (still loading, or the fetch failed, spec §8)
 * it is only "Notificaciones".
 */
export function bellLabel(count: number | undefined): string {
  if (count === undefined) return 'Notificaciones';
  if (count === 0) return 'Notificaciones, ninguna sin leer';
  return `Notificaciones, ${count} sin leer`;
}

/**
 * What the polite live region says when the count changes while the page is open (a new entry,
 * entries read in another tab); nothing on the first load, which the bell's name already says.
 */
export function countAnnouncement(previous: number | undefined, count: number | undefined): string {
  if (previous === undefined || count === undefined || previous === count) return '';
  if (count === 0) return 'No tienes notificaciones sin leer';
  if (count > previous) {
    const added = count - previous;
    return added === 1
      ? `Tienes una notificación nueva; ${count} sin leer`
      : `Tienes ${added} notificaciones nuevas; ${count} sin leer`;
  }
  return count === 1
    ? 'Te queda 1 notificación sin leer'
    : `Te quedan ${count} notificaciones sin leer`;
}
