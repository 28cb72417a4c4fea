import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateResource } from '../../resources';
import { savedWorksQueryOptions, type SavedWork } from './get-saved-works';

export interface ToggleSavedWorkInput {
  studentId: number;
  workId: number;
  /** true saves it, false removes it from the saved works. */
  save: boolean;
}

/** The saved list with one work added or removed, each id once, in the order they were saved. */
export function nextSavedIds(current: readonly number[], workId: number, save: boolean): number[] {
  const others = current.filter((id) => id !== workId);
  return save ? [...others, workId] : others;
}

/**
 * What the answer of the save holds: the saved works by id only (nothing reads the answer; the
 * saved list is read again afterwards). Spec §7's `populate=favorites_tfxes` would send every
 * saved work whole, summary and index included (ADR 0042).
 */
const SAVE_ANSWER_QUERY = 'fields[0]=id&populate[favorites_tfxes][fields][0]=id';

/**
 * Spec §7 `PUT /api/external/students/{id}?populate=favorites_tfxes {data:{favorites_tfxes}}`,
 * answered with ids only: the call sends the WHOLE list of saved works (platform and external
 * alike), so it is built from the list as the server last gave it (read again when a write made
 * it stale).
 */
export async function toggleSavedWork(
  queryClient: QueryClient,
  { studentId, workId, save }: ToggleSavedWorkInput,
): Promise<void> {
  const current = await queryClient.fetchQuery(savedWorksQueryOptions(studentId));
  const ids = nextSavedIds(
    current.map((work) => work.id),
    workId,
    save,
  );
  await apiRequest(`/api/external/students/${studentId}?${SAVE_ANSWER_QUERY}`, {
    method: 'PUT',
    body: { data: { favorites_tfxes: ids } },
  });
}

/**
 * Saves or unsaves a work. The changes of one tab run one after another (a mutation scope), each
 * from the list the previous one left, so two quick presses never send a list that forgets one.
 * An unsaved work leaves the cached list at once; then every answer that shows the saved works
 * (the profile, the library's "saved" flags) is read again.
 */
export function useToggleSavedWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ToggleSavedWorkInput) => toggleSavedWork(queryClient, input),
    scope: { id: 'saved-works' },
    onSuccess: (_answer, { studentId, workId, save }) => {
      if (!save) {
        queryClient.setQueryData<SavedWork[]>(savedWorksQueryOptions(studentId).queryKey, (list) =>
          list?.filter((work) => work.id !== workId),
        );
      }
      return invalidateResource(queryClient, 'savedWorks');
    },
  });
}
