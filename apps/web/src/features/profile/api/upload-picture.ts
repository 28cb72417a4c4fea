import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload';
import { newIdempotencyKey } from '../../../lib/use-submission';
import { SESSION_QUERY_ROOT, updateMe } from './update-me';

/**
 * Uploads the image, then makes it the user's picture (`PUT /api/user/me {picture: id}`). The
 * upload has a key of its own, so a 503 or a lost connection is tried again (ADR 0070).
 */
export async function changePicture(file: File) {
  const uploaded = await uploadFile(file, { idempotencyKey: newIdempotencyKey() });
  return updateMe({ picture: uploaded.id });
}

export function useChangePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSION_QUERY_ROOT] }),
  });
}
