import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload';
import { SESSION_QUERY_ROOT, updateMe } from './update-me';

/** Uploads the image, then makes it the user's picture (`PUT /api/user/me {picture: id}`). */
export async function changePicture(file: File) {
  const uploaded = await uploadFile(file);
  return updateMe({ picture: uploaded.id });
}

export function useChangePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSION_QUERY_ROOT] }),
  });
}
