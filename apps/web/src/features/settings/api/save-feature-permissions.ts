import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PermissionChange } from '../types';

/**
 * Saves changed switches: `PUT /api/feature-permissions/:id` for existing rows, `POST` for a role
 * that has no row for the feature yet. Every change is tried; the first failure is thrown after
 * all have settled, so what could be saved is saved.
 */
export async function saveFeaturePermissions(changes: PermissionChange[]): Promise<void> {
  const results = await Promise.allSettled(
    changes.map(({ id, role, feature, enabled, create, update }) =>
      id === null
        ? apiRequest('/api/feature-permissions', {
            method: 'POST',
            body: { data: { role, feature, enabled, create, update } },
          })
        : apiRequest(`/api/feature-permissions/${id}`, {
            method: 'PUT',
            body: { data: { enabled, create, update } },
          }),
    ),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The mutation; afterwards the rows and the caller's own switches (`['permissions']`, which the
 * menus read) are fetched again, whether everything was saved or only part of it.
 */
export function useSaveFeaturePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeaturePermissions,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['feature-permissions'] }),
        queryClient.invalidateQueries({ queryKey: ['permissions'] }),
      ]),
  });
}
