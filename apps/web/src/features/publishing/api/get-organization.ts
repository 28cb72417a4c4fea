import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrganizationRecord } from '../types';

/** The root of the organisation queries (the API's plural name, as ADR 0030 keys resources). */
export const ORGANIZATIONS_ROOT = 'organizations';

/**
 * `GET /api/organizations/:id?populate=logo`: one organisation with its logo; its coordinators
 * also get its private contact.
 */
export async function getOrganization(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrganizationRecord> {
  const answer = await apiRequest<{ data: OrganizationRecord }>(
    `/api/organizations/${id}?populate=logo`,
    { signal },
  );
  return answer.data;
}

export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [ORGANIZATIONS_ROOT, id],
    queryFn: ({ signal }) => getOrganization(id, { signal }),
  });

export const useOrganization = (id: number) => useQuery(organizationQueryOptions(id));
