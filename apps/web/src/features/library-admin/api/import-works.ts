import type { ImportAnswer, ImportOnExisting } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

const IMPORT_PATH = '/api/imports/tfxes';
export const TEMPLATE_FILE_NAME = 'plantilla-trabajos-externos.csv';

export interface ImportInput {
  file: File;
  onExisting: ImportOnExisting;
}

/**
 * `POST /api/imports/tfxes?dryRun=true&onExisting=…` (multipart field `file`, a CSV or XLSX):
 * every row with what would happen to it and its problems; nothing is written.
 */
export async function previewImport({ file, onExisting }: ImportInput) {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await apiRequest<ImportAnswer>(
    `${IMPORT_PATH}?${new URLSearchParams({ dryRun: 'true', onExisting })}`,
    { method: 'POST', body },
  );
  return answer.data;
}

/** The same file imported for real: the valid rows are written (the same file twice adds nothing). */
export async function runImport({ file, onExisting }: ImportInput) {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await apiRequest<ImportAnswer>(
    `${IMPORT_PATH}?${new URLSearchParams({ onExisting })}`,
    { method: 'POST', body },
  );
  return answer.data;
}

/** `GET /api/imports/tfxes/template`: the CSV with the columns an import reads. */
export async function downloadImportTemplate() {
  const blob = await apiRequest<Blob>(`${IMPORT_PATH}/template`, { responseType: 'blob' });
  downloadBlob(blob, TEMPLATE_FILE_NAME);
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** Imports; the library's lists are read again afterwards. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: () => invalidateResource(queryClient, 'tfxes'),
  });
}

export const useDownloadImportTemplate = () => useMutation({ mutationFn: downloadImportTemplate });
