import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CallWriteData, CampusWriteData, DegreeWriteData, DeleteTarget } from '../types';
import { CATALOGUE_PLURALS, invalidateCatalogue } from './catalogue-keys';

/** What a save sends: a new entry (`id: null`) or the changes of one. */
export interface SaveInput<D> {
  id: number | null;
  data: D;
}

interface Saved {
  data: { id: number; attributes: { name: string } };
}

/** `POST /api/{plural} {data}` or `PUT /api/{plural}/:id {data}` (generic routes; admins). */
function save<D>(kind: DeleteTarget['kind'], { id, data }: SaveInput<D>) {
  const plural = CATALOGUE_PLURALS[kind];
  return apiRequest<Saved>(id === null ? `/api/${plural}` : `/api/${plural}/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: { data },
  });
}

function useSave<D>(kind: DeleteTarget['kind']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput<D>) => save(kind, input),
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

/** Creates or changes a campus (spec §7 `POST /api/campuses {data:{name}}`, with its university). */
export const useSaveCampus = () => useSave<CampusWriteData>('campus');
/** Creates or changes a degree (spec §7 `POST /api/degrees {data:{name, duration, master, campuses}}`). */
export const useSaveDegree = () => useSave<DegreeWriteData>('degree');
/** Creates or changes a call (spec §7 `POST /api/calls {data:{degrees, name, academic_period_start, academic_period_end, description}}`). */
export const useSaveCall = () => useSave<CallWriteData>('call');

/**
 * `DELETE /api/{campuses|degrees|calls}/:id`. A campus goes with its calls and then its degrees
 * in the same transaction (spec §7, ADR 0032): one request, all or nothing.
 *
 * `onDeleted` runs before the catalogue is read again, in the mutation's own callback (it runs
 * even when the screen that asked is gone): a screen showing the deleted entry leaves it first,
 * instead of reading it again, getting a 404 and unmounting the dialog that was confirming.
 */
export function useDeleteEntry({ onDeleted }: { onDeleted: (target: DeleteTarget) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: DeleteTarget) =>
      apiRequest<unknown>(`/api/${CATALOGUE_PLURALS[target.kind]}/${target.entry.id}`, {
        method: 'DELETE',
      }),
    onSuccess: (_answer, target) => {
      onDeleted(target);
      return invalidateCatalogue(queryClient);
    },
  });
}
