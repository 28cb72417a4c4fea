import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `PUT /api/applys/<id> {data:{status:'Retirada'}}`: the student withdraws an application. The
 * server refuses it (400, Spanish message) once the application was decided.
 */
export function withdrawApplication(id: number): Promise<unknown> {
  return apiRequest(`/api/applys/${id}`, { method: 'PUT', body: { data: { status: 'Retirada' } } });
}

/** Withdraws and reads the student's applications again (every status filter). */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile', 'applys'] }),
  });
}
