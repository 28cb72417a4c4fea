import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProfileUser } from '../types';

export interface UpdateMeInput {
  name?: string;
  surname?: string;
  phone?: string | null;
  /** An uploaded file's id (`POST /api/upload`). */
  picture?: number | null;
}

/** Queries about the signed-in user and their profile (features/auth keeps them under this key). */
export const SESSION_QUERY_ROOT = 'session';

/** `PUT /api/user/me` (spec §7): the signed-in user's own data; answers the updated user. */
export function updateMe(input: UpdateMeInput): Promise<ProfileUser> {
  return apiRequest<ProfileUser>('/api/user/me?populate=picture', { method: 'PUT', body: input });
}

/** Saves the personal data; the session's user and details are read again afterwards. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSION_QUERY_ROOT] }),
  });
}
