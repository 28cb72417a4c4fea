import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CandidateChange } from '../types';
import { invalidateProjectData } from './invalidate-project-data';

/**
 * `PUT /api/applys/:id {data:{status, status_message, supermatch}}`: a reviewer's change to an
 * application. Each status change emails the student and writes to their communication centre
 * (the API does it).
 */
export async function updateCandidate(id: number, change: CandidateChange) {
  await apiRequest(`/api/applys/${id}`, { method: 'PUT', body: { data: change } });
}

/** The change; the applications, the lists' counts and the other project screens reload. */
export function useUpdateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: CandidateChange }) =>
      updateCandidate(id, change),
    onSuccess: async () => {
      await invalidateProjectData(queryClient);
    },
  });
}
