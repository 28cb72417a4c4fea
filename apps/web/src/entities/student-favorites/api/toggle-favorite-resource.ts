import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ResourceItem } from '../../resource/types';
import { invalidateResource } from '../../resources';
import { favoriteResourcesQueryOptions } from './get-favorite-resources';

export interface ToggleFavoriteResourceInput {
  studentId: number;
  resourceId: number;
  /** true saves it, false removes it from the saved resources. */
  save: boolean;
}

/**
 * `PUT /api/students/:id {data:{favorites_resources:{connect:[id]}}}` or `{disconnect:[id]}`: one
 * link added or removed, so two tabs saving different resources never overwrite each other.
 */
export async function toggleFavoriteResource({
  studentId,
  resourceId,
  save,
}: ToggleFavoriteResourceInput) {
  await apiRequest(`/api/students/${studentId}?fields[0]=primaryKey`, {
    method: 'PUT',
    body: {
      data: {
        favorites_resources: save ? { connect: [resourceId] } : { disconnect: [resourceId] },
      },
    },
  });
}

/**
 * Saves or unsaves a resource. An unsaved one leaves the cached list at once (the profile's list
 * does not wait for the server); then the saved resources are read again, whichever screen made
 * the change.
 */
export function useToggleFavoriteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavoriteResource,
    onSuccess: (_answer, { studentId, resourceId, save }) => {
      if (!save) {
        queryClient.setQueryData<ResourceItem[]>(
          favoriteResourcesQueryOptions(studentId).queryKey,
          (list) => list?.filter((resource) => resource.id !== resourceId),
        );
      }
      return invalidateResource(queryClient, 'favorite-resources');
    },
  });
}
