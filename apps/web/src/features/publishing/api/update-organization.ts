import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { OrganizationRecord, OrganizationUpdate } from '../types';
import { ORGANIZATIONS_ROOT } from './get-organization';

/**
 * `PUT /api/organizations/:id {data}`: the server's access policy lets a coordinator edit only
 * their own organisation, while their organizations.update switch is on (ADR 0033).
 */
export async function updateOrganization(
  id: number,
  data: OrganizationUpdate,
): Promise<OrganizationRecord> {
  const answer = await apiRequest<{ data: OrganizationRecord }>(
    `/api/organizations/${id}?populate=logo`,
    { method: 'PUT', body: { data } },
  );
  return answer.data;
}

/**
 * The edit; afterwards the organisation, the session's details (its name in the header and the
 * coordinator's pages) and every project answer (cards show the organisation) are read again.
 */
export function useUpdateOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: OrganizationUpdate) => updateOrganization(id, data),
    onSuccess: async (saved) => {
      queryClient.setQueryData([ORGANIZATIONS_ROOT, id], saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        invalidateResource(queryClient, 'projects'),
      ]);
    },
  });
}
