import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/resources/:id/visits` (204): a visit to a resource's page, which feeds its popularity
 * (`popularity_visits`). The server counts one per visitor per day, so calling it on every
 * opening is right; a failure only costs one count and is not shown.
 */
export async function recordResourceVisit(id: number): Promise<void> {
  await apiRequest<void>(`/api/resources/${id}/visits`, { method: 'POST' });
}

/** Records one visit when the page of resource `id` opens (once per id while it stays open). */
export function useRecordResourceVisit(id: number | null) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || recorded.current === id) return;
    recorded.current = id;
    recordResourceVisit(id).catch(() => undefined);
  }, [id]);
}
