import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxEmailAnswer,
  type OutboxListAnswer,
} from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { apiQueryOf, type OutboxFilters } from '../utils/outbox-query';

/** The outbox's queries start with the resource as the API names it (ADR 0030). */
export const OUTBOX_ROOT = 'outbox';

/** `GET /api/admin/outbox` (admins, ADR 0009): a page of emails, newest first, without bodies. */
export function getOutbox(filters: OutboxFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<OutboxListAnswer>(
    `/api/admin/outbox?${apiQueryOf(filters, OUTBOX_PAGE_SIZE)}`,
    {
      signal,
    },
  );
}

export const outboxQueryOptions = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: [OUTBOX_ROOT, 'list', filters],
    queryFn: ({ signal }) => getOutbox(filters, { signal }),
    // The previous page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useOutbox = (filters: OutboxFilters) => useQuery(outboxQueryOptions(filters));

/** `GET /api/admin/outbox/:id`: one email as it was rendered, HTML and text included. */
export async function getOutboxEmail(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest<OutboxEmailAnswer>(`/api/admin/outbox/${id}`, { signal });
  return answer.data;
}

export const outboxEmailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [OUTBOX_ROOT, 'email', id],
    queryFn: ({ signal }) => getOutboxEmail(id, { signal }),
  });

export const useOutboxEmail = (id: number) => useQuery(outboxEmailQueryOptions(id));
