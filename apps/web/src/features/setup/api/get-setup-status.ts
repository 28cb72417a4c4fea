import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatusAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

/** The setup page's queries start with the API's own name for it (ADR 0030). */
export const SETUP_ROOT = 'setup';

/**
 * `GET /api/setup?token=` (ADR 0064): 200 while the setup link works, 403 with why
 * (`details.reason`) when it does not, 404 once the platform has an administrator. Asked without
 * a token too, so that an installed platform says 404 whatever the address carries.
 */
export function getSetupStatus(token: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return apiRequest<SetupStatusAnswer>(`/api/setup${query}`, { auth: false, signal });
}

export const setupStatusQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [SETUP_ROOT, token],
    queryFn: ({ signal }) => getSetupStatus(token, { signal }),
    // The same whoever asks: kept when the form's session opens, so the page does not ask again
    // (and hear 404) on its way to the administration.
    meta: { isPublic: true },
  });

export const useSetupStatus = (token: string | null) => useQuery(setupStatusQueryOptions(token));
