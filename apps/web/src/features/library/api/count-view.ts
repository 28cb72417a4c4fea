import type { TfxViewAnswer } from '@plataforma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TfxRecord } from '../../../entities/tfx/types';
import { apiRequest } from '../../../lib/api-client';
import { workQueryOptions } from './get-work';

/**
 * `POST /api/tfxes/:id/views`: a visit to a work's page. The server counts one per visitor and
 * day (ADR 0036) and answers whether this visit was the one counted (ADR 0042).
 */
export async function countView(id: number): Promise<boolean> {
  // An API from before ADR 0042 answers 204, no body: nothing to add then.
  const answer = await apiRequest<TfxViewAnswer | undefined>(`/api/tfxes/${id}/views`, {
    method: 'POST',
  });
  return answer?.data.counted === true;
}

/**
 * Counts the visit once when the page of `id` opens (not again on re-renders). The work was read
 * before the visit was counted, so when this visit counted, the work as read gains it: the reader
 * sees "Visitas" including their own visit (ADR 0042), and a later reading of the work, which
 * includes it, shows the same number. A failure is only logged: a missed count must not trouble
 * the reader.
 */
export function useCountView(id: number, isReady: boolean) {
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!isReady || counted.current === id) return;
    counted.current = id;
    countView(id)
      .then((isCounted) => {
        if (!isCounted) return;
        queryClient.setQueryData(workQueryOptions(id).queryKey, (work: TfxRecord | undefined) =>
          work
            ? {
                ...work,
                attributes: { ...work.attributes, views_count: work.attributes.views_count + 1 },
              }
            : work,
        );
      })
      .catch((error: unknown) => console.warn('No se pudo contar la visita.', error));
  }, [id, isReady, queryClient]);
}
