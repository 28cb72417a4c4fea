import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectSummary } from '../../project/types';
import { invalidateResource } from '../../resources';
import { favoritesQueryOptions } from './get-favorites';

export interface ToggleFavoriteInput {
  studentId: number;
  projectId: number;
  /** true saves it, false removes it from the saved projects. */
  save: boolean;
}

/**
 * `PUT /api/students/:id {data:{favorites:{connect:[id]}}}` or `{disconnect:[id]}`: the engine
 * adds or removes one link, so two tabs saving different projects never overwrite each other.
 */
export async function toggleFavorite({ studentId, projectId, save }: ToggleFavoriteInput) {
  await apiRequest(`/api/students/${studentId}?fields[0]=primaryKey`, {
    method: 'PUT',
    body: { data: { favorites: save ? { connect: [projectId] } : { disconnect: [projectId] } } },
  });
}

/**
 * Saves or unsaves. An unsaved project leaves the cached list at once (the profile's list does
 * not wait for the server); then the saved projects and every project list (their "saved" flag)
 * are read again, whichever screen made the change.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: (_answer, { studentId, projectId, save }) => {
      if (!save) {
        queryClient.setQueryData<ProjectSummary[]>(
          favoritesQueryOptions(studentId).queryKey,
          (list) => list?.filter((project) => project.id !== projectId),
        );
      }
      return invalidateResource(queryClient, 'favorites');
    },
  });
}
