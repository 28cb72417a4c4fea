import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { OrganizationPayload } from '../types';

/**
 * `POST /api/organizations {data}` by a coordinator without organisation: the API links them to
 * it in the same transaction (400 "Ya perteneces a una organización" otherwise).
 */
export async function createOrganization(data: OrganizationPayload) {
  const answer = await apiRequest<{ data: { id: number } }>('/api/organizations', {
    method: 'POST',
    body: { data },
  });
  return answer.data;
}

/**
 * The creation; `onCreated` runs as soon as the API answers, then the session's details reload
 * (the header and the gates read the organisation from them) and so do the lists.
 */
export function useCreateOrganization({ onCreated }: { onCreated?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      onCreated?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        // The coordinator's projects are now their organisation's.
        invalidateResource(queryClient, 'projects'),
      ]);
    },
  });
}
