import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { UploadedFile } from '../types';

/**
 * `POST /api/upload` (multipart field `files`): answers a bare array of the stored files
 * (ADR 0011). Images are public, so their `url` can go straight into the branding or the footer.
 */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', file);
  const answer = await apiRequest<Partial<UploadedFile>[]>('/api/upload', {
    method: 'POST',
    body: form,
  });
  const stored = answer[0];
  if (!stored || typeof stored.id !== 'number' || typeof stored.url !== 'string') {
    throw new Error('La subida no devolvió el archivo guardado');
  }
  return {
    id: stored.id,
    name: stored.name ?? file.name,
    url: stored.url,
    mime: stored.mime ?? file.type,
    width: stored.width ?? null,
    height: stored.height ?? null,
    alternativeText: stored.alternativeText ?? null,
  };
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
