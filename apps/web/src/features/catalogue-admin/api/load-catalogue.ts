import type { CatalogueImportKind, ImportAnswer, ImportTemplateFormat } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCatalogue } from './catalogue-keys';

/** A catalogue file and what it loads (ADR 0065). */
export interface CatalogueLoadInput {
  kind: CatalogueImportKind;
  file: File;
}

export type CatalogueLoadAnswer = ImportAnswer['data'];

/**
 * `POST /api/imports/<catalogue|study-areas>` (multipart `file`): with `dryRun` every row with
 * what would happen to it, its problems and warnings, and what would be created; nothing is
 * written. Without it the file is written in the request, and the same answer says what was.
 */
async function sendCatalogueFile({ kind, file }: CatalogueLoadInput, dryRun: boolean) {
  const body = new FormData();
  body.append('file', file, file.name);
  const query = dryRun ? `?${new URLSearchParams({ dryRun: 'true' })}` : '';
  const answer = await apiRequest<ImportAnswer>(`/api/imports/${kind}${query}`, {
    method: 'POST',
    body,
  });
  return answer.data;
}

export const usePreviewCatalogueLoad = () =>
  useMutation({ mutationFn: (input: CatalogueLoadInput) => sendCatalogueFile(input, true) });

/** Loads the file; the catalogue's lists and the forms' options are read again afterwards. */
export function useLoadCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CatalogueLoadInput) => sendCatalogueFile(input, false),
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

/**
 * `GET /api/imports/<kind>/template?format=csv|xlsx`: the columns with example rows. Public, so
 * a plain link downloads it with the server's file name.
 */
export const catalogueTemplateHref = (kind: CatalogueImportKind, format: ImportTemplateFormat) =>
  `/api/imports/${kind}/template?${new URLSearchParams({ format })}`;
