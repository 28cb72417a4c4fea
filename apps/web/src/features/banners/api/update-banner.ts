import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BannerInput } from '../types';
import { BANNERS_KEY } from './get-current-banners';

/** `PUT /api/banners/:id` (admins only; the server enforces it). */
export async function updateBanner({ id, data }: { id: number; data: BannerInput }) {
  return apiRequest<unknown>(`/api/banners/${id}`, { method: 'PUT', body: { data } });
}

/** Saves a banner's changes and refreshes every banner list. */
export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANNERS_KEY }),
  });
}
