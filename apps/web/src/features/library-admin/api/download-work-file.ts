import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

/**
 * A work's PDF for the reviewing admin: private files need the bearer token, which a plain link
 * cannot send, so it is fetched and handed to the browser as a download.
 */
export async function downloadWorkFile({ url, name }: { url: string; name: string }) {
  const blob = await apiRequest<Blob>(url, { responseType: 'blob' });
  downloadBlob(blob, name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`);
}

export const useDownloadWorkFile = () => useMutation({ mutationFn: downloadWorkFile });
