import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { WorkPayload } from '../utils/work-items';

export interface SaveWorkInput {
  /** The work to correct (pending or rejected); none to create the student's work. */
  id?: number;
  data: WorkPayload;
}

/**
 * `POST /api/tfxes {data}` creates the student's work (the server sets the degree, university and
 * study area from their profile, and answers 400 "Ya has subido tu trabajo final." for a second
 * one); `PUT /api/tfxes/:id {data}` corrects it (a rejected work goes back to pending).
 */
export async function saveWork({ id, data }: SaveWorkInput): Promise<{ id: number }> {
  const answer = await apiRequest<{ data: { id: number } }>(
    id === undefined ? '/api/tfxes' : `/api/tfxes/${id}`,
    { method: id === undefined ? 'POST' : 'PUT', body: { data } },
  );
  return answer.data;
}

/**
 * Sends the work; then the student's works, the library and the session's details (the header
 * offers "Subir mi proyecto" only to a student without a work) are read again. `onSaved` runs
 * here, not in `mutate`'s callbacks: the works read again swap the form for the sent work, and
 * the callbacks of a form that is gone never run.
 */
export function useSaveWork(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWork,
    onSuccess: () => {
      onSaved?.();
      return Promise.all([
        invalidateResource(queryClient, 'tfxes'),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
      ]).then(() => undefined);
    },
  });
}
