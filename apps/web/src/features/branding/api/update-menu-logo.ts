import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandingsResponse } from '../types';
import { menuLogoQueryOptions } from './get-menu-logo';

/**
 * Points the menu logo (spec §1: also the favicon) at an uploaded file, or clears it with null:
 * `PUT /api/brandings/:id {data: {menuLogo}}` on the first branding entry, the one the app reads
 * first (`toMenuLogo`); `POST /api/brandings` when there is none yet.
 */
export async function updateMenuLogo(fileId: number | null): Promise<void> {
  const list = await apiRequest<BrandingsResponse>(
    '/api/brandings?sort=id:asc&fields[0]=name&pagination[pageSize]=1',
  );
  const entry = list.data[0];
  if (entry) {
    await apiRequest(`/api/brandings/${entry.id}`, {
      method: 'PUT',
      body: { data: { menuLogo: fileId } },
    });
  } else {
    await apiRequest('/api/brandings', {
      method: 'POST',
      body: { data: { name: 'principal', menuLogo: fileId } },
    });
  }
}

/** The mutation; the menu logo (header and favicon) is fetched again. */
export function useUpdateMenuLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMenuLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuLogoQueryOptions().queryKey }),
  });
}
