import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/tfxes/:id/views` (204): a visit to a work's page. The server counts one per visitor
 * and day (ADR 0036), so a repeated visit is harmless; a failure is only logged, since a missed
 * count must not trouble the reader.
 */
export async function countView(id: number): Promise<void> {
  await apiRequest(`/api/tfxes/${id}/views`, { method: 'POST' });
}

/** Counts the visit once when the page of `id` opens (not again on re-renders). */
export function useCountView(id: number, isReady: boolean) {
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!isReady || counted.current === id) return;
    counted.current = id;
    countView(id).catch((error: unknown) => console.warn('No se pudo contar la visita.', error));
  }, [id, isReady]);
}
