import type {
  ImportAnswer,
  ImportTemplateFormat,
  PeopleImport,
  PeopleImportAnswer,
  PeopleImportKind,
  PeopleImportMode,
} from '@plataforma/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PeopleImportInput {
  kind: PeopleImportKind;
  file: File;
  mode: PeopleImportMode;
}

function fileBody(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * `POST /api/imports/<kind>?dryRun=true&mode=…` (multipart `file`, ADR 0048): every row with what
 * would happen to it and its problems by row and column, in Spanish; nothing is written.
 */
export async function previewPeopleImport({ kind, file, mode }: PeopleImportInput) {
  const answer = await apiRequest<ImportAnswer>(
    `/api/imports/${kind}?${new URLSearchParams({ dryRun: 'true', mode })}`,
    { method: 'POST', body: fileBody(file) },
  );
  return answer.data;
}

/** The same file for real: 202 and the import queued; a job writes it (ADR 0048). */
export async function startPeopleImport({ kind, file, mode }: PeopleImportInput) {
  const answer = await apiRequest<PeopleImportAnswer>(
    `/api/imports/${kind}?${new URLSearchParams({ mode })}`,
    { method: 'POST', body: fileBody(file) },
  );
  return answer.data;
}

/** `GET /api/imports/:id`: how far the job got, its counts and the rows it could not write. */
export async function getPeopleImport(id: number, signal?: AbortSignal) {
  const answer = await apiRequest<PeopleImportAnswer>(`/api/imports/${id}`, { signal });
  return answer.data;
}

/** While the job has not ended, the import is asked again this often (ms). */
export const IMPORT_POLL_MS = 1000;

/** Whether the job has ended: done, or given up (`failed`). */
export const isImportFinished = (peopleImport: Pick<PeopleImport, 'status'>) =>
  peopleImport.status === 'done' || peopleImport.status === 'failed';

const peopleImportKey = (id: number) => ['people-imports', id] as const;

export const peopleImportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: peopleImportKey(id),
    queryFn: ({ signal }) => getPeopleImport(id, signal),
    // Followed live until it ends; an import that cannot be read (404) is not asked again.
    refetchInterval: (query) => {
      const current = query.state.data;
      if (current) return isImportFinished(current) ? false : IMPORT_POLL_MS;
      return query.state.status === 'error' ? false : IMPORT_POLL_MS;
    },
  });

export const usePeopleImport = (id: number) => useQuery(peopleImportQueryOptions(id));

export const usePreviewPeopleImport = () => useMutation({ mutationFn: previewPeopleImport });

/** Starts the import; its first state is the one the page follows from then on. */
export function useStartPeopleImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPeopleImport,
    onSuccess: (started) => queryClient.setQueryData(peopleImportKey(started.id), started),
  });
}

/**
 * After an import ends: the lists it may have changed are read again (an organisation's
 * coordinators are listed apart; ADR 0050).
 */
export function refreshImportedLists(
  queryClient: ReturnType<typeof useQueryClient>,
  kind: PeopleImportKind,
) {
  const roots = kind === 'organizations' ? ['organizations', 'coordinators'] : [kind];
  return Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

/**
 * `GET /api/imports/<kind>/template?format=csv|xlsx`: the columns with an example row. The route
 * is public (ADR 0048), so a plain link downloads it: no token to send, and the browser's own
 * download with the server's file name.
 */
export const templateHref = (kind: PeopleImportKind, format: ImportTemplateFormat) =>
  `/api/imports/${kind}/template?${new URLSearchParams({ format })}`;
