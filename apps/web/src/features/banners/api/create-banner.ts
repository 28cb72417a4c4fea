import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BannerInput } from '../types';
import { BANNERS_KEY } from './get-current-banners';

/** `POST /api/banners` (admins only; the server enforces it). */
export async function createBanner(data: BannerInput) {
  return apiRequest<unknown>('/api/banners', { method: 'POST', body: { data } });
}

/** Creates a banner and refreshes every banner list (the admin's and the one pages show). */
export function useCreateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANNERS_KEY }),
  });
}
