const DATE_TIME = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/** A moment as people in Spain read it ("24/11/26, 17:05"), or a dash when there is none. */
export const formatDateTime = (value: string | null) =>
  value === null ? '—' : DATE_TIME.format(new Date(value));
