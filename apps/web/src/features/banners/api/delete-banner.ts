import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BANNERS_KEY } from './get-current-banners';

/** `DELETE /api/banners/:id` (admins only). */
export async function deleteBanner(id: number) {
  return apiRequest<unknown>(`/api/banners/${id}`, { method: 'DELETE' });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANNERS_KEY }),
  });
}
