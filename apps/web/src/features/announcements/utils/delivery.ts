import type { AnnouncementAttributes, AnnouncementAuthor } from '../types';

const NUMBER = new Intl.NumberFormat('es-ES');
const DATE_TIME = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' });

/** A count as Spanish readers write it ("12.345"). */
export const formatCount = (count: number) => NUMBER.format(count);

/** `count` and the noun, singular or plural: "1 estudiante", "1.234 estudiantes". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A moment in the reader's time zone: "3 de diciembre de 2026, 10:00". */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** When it was or will be sent, in words, by its status. */
export function whenText({
  status,
  sendAt,
  sentAt,
}: Pick<AnnouncementAttributes, 'status' | 'sendAt' | 'sentAt'>): string {
  switch (status) {
    case 'scheduled':
      return `Programada para el ${formatDateTime(sendAt)}`;
    case 'sending':
      return `Enviándose desde el ${formatDateTime(sendAt)}`;
    case 'sent':
      return `Enviada el ${formatDateTime(sentAt ?? sendAt)}`;
    case 'failed':
      return `No se pudo enviar (prevista el ${formatDateTime(sendAt)})`;
    case 'cancelled':
      return `Cancelada (estaba programada para el ${formatDateTime(sendAt)})`;
  }
}

/** The author's name, else their username or address; a dash when the answer has none. */
export function authorName(author: AnnouncementAuthor | null | undefined): string {
  if (!author) return '—';
  const { name, surname, username, email } = author.attributes;
  const full = [name, surname].filter((part) => part && part.trim() !== '').join(' ');
  return full || username || email || '—';
}

/** Whether the send or its emails are still under way: the screens follow it live. */
export function isInProgress(
  attributes: Pick<AnnouncementAttributes, 'status' | 'emailsPending'>,
): boolean {
  return (
    attributes.status === 'scheduled' ||
    attributes.status === 'sending' ||
    attributes.emailsPending > 0
  );
}

/** How often the detail asks again while under way (ms). */
export const LIVE_POLL_MS = 3000;
/** ...while it waits for a send more than a minute away: its moment, not every few seconds. */
export const WAITING_POLL_MS = 30_000;

/**
 * The detail's polling (ADR 0046): every few seconds while it sends or emails are pending, every
 * half a minute while a scheduled send is still more than a minute away, and never once done.
 */
export function pollInterval(
  attributes:
    Pick<AnnouncementAttributes, 'status' | 'emailsPending' | 'sendAt'> | undefined | null,
  now: number = Date.now(),
): number | false {
  if (!attributes || !isInProgress(attributes)) return false;
  if (attributes.status === 'scheduled' && Date.parse(attributes.sendAt) - now > 60_000) {
    return WAITING_POLL_MS;
  }
  return LIVE_POLL_MS;
}

/** The emails' progress: those done (sent or failed) of those queued, and the percentage. */
export function emailProgress({
  emailsQueued,
  emailsSent,
  emailsFailed,
}: Pick<AnnouncementAttributes, 'emailsQueued' | 'emailsSent' | 'emailsFailed'>) {
  const done = Math.min(emailsSent + emailsFailed, emailsQueued);
  return {
    done,
    total: emailsQueued,
    percent: emailsQueued === 0 ? 0 : Math.floor((done / emailsQueued) * 100),
  };
}
