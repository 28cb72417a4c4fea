import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_QUERY_ROOT } from './to-card';

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
  await apiRequest(`/api/students/${studentId}`, {
    method: 'PUT',
    body: { data: { favorites: save ? { connect: [projectId] } : { disconnect: [projectId] } } },
  });
}

/** Saves or unsaves; every list, detail and the profile's saved list read it again. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CATALOGUE_QUERY_ROOT] }),
        // The profile's "Proyectos guardados" (features/profile) lists the same relation.
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}
