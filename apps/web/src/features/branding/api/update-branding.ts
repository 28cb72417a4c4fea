import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandingSaasAttributes, BrandingSaasResponse } from '../types';
import { toBranding } from '../utils/to-branding';

/** The branding fields an admin writes (spec §3 Branding); null clears an optional one. */
export type BrandingInput = Partial<Omit<BrandingSaasAttributes, 'createdAt' | 'updatedAt'>>;

/** `PUT /api/branding-saas {data}` (single type, admins only). */
export async function updateBranding(data: BrandingInput): Promise<BrandingSaasResponse> {
  return apiRequest<BrandingSaasResponse>('/api/branding-saas', { method: 'PUT', body: { data } });
}

/**
 * The mutation. The answer becomes the cached branding at once, so the whole app (title, colours,
 * font, header) re-themes without waiting; then every `['branding']` query (the menu logo
 * included) is fetched again.
 */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: async (answer) => {
      if (answer?.data) queryClient.setQueryData(['branding'], toBranding(answer.data.attributes));
      await queryClient.invalidateQueries({ queryKey: ['branding'] });
    },
  });
}
