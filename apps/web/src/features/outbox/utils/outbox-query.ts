import { EMAIL_STATUSES, type EmailStatus } from '@plataforma/shared';

/** The outbox list's filters, as the screen keeps them in its address (shareable, back works). */
export interface OutboxFilters {
  status: EmailStatus | null;
  recipient: string;
  page: number;
}

/** Spanish names of the outbox statuses (ADR 0009). */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
};

/** Reads `?estado=&destinatario=&pagina=` (unknown values fall back to no filter, page 1). */
export function filtersFromSearch(search: URLSearchParams): OutboxFilters {
  const status = search.get('estado');
  const page = Number(search.get('pagina'));
  return {
    status: EMAIL_STATUSES.find((value) => value === status) ?? null,
    recipient: (search.get('destinatario') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address of a filtered page: only the parameters that say something. */
export function searchOf({ status, recipient, page }: OutboxFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (status) search.set('estado', status);
  if (recipient) search.set('destinatario', recipient);
  if (page > 1) search.set('pagina', String(page));
  return search;
}

/** The API's query for these filters (`GET /api/admin/outbox`, newest first). */
export function apiQueryOf({ status, recipient, page }: OutboxFilters, pageSize: number): string {
  const query = new URLSearchParams({
    'pagination[page]': String(page),
    'pagination[pageSize]': String(pageSize),
  });
  if (status) query.set('filters[status]', status);
  if (recipient) query.set('filters[recipient][$containsi]', recipient);
  return query.toString();
}
