import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SESSION_QUERY_ROOT, updateMe } from './update-me';

interface UploadedFile {
  id: number;
  url: string;
}

/** `POST /api/upload` (multipart `files`, spec §7): answers the stored files. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('files', file, file.name);
  const [uploaded] = await apiRequest<UploadedFile[]>('/api/upload', { method: 'POST', body });
  if (!uploaded) throw new Error('La subida no devolvió ningún archivo.');
  return uploaded;
}

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
