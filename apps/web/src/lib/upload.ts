import type { UploadedFile } from '@plataforma/shared';
import { apiRequest } from './api-client';

/**
 * `POST /api/upload` (multipart field `files`, spec §7, ADR 0011): stores one file and answers it
 * as the API does (a bare array of files). Images are public, so their `url` can be shown at once;
 * PDFs are private and served to whom may see them.
 */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('files', file, file.name);
  const [stored] = await apiRequest<UploadedFile[]>('/api/upload', { method: 'POST', body });
  if (!stored) throw new Error('La subida no devolvió ningún archivo.');
  return stored;
}
