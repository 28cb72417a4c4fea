import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DeletionPreview } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

/**
 * A person's data (ADR 0054): the archive of everything the platform holds about them, what
 * deleting their account does, and the deletion. `'me'` is the signed-in person; a number is a
 * user's id, for admins acting for someone who asked by other means. The profile and the people
 * lists both use it.
 */
export type AccountTarget = 'me' | number;

const base = (target: AccountTarget) => `/api/users/${target}`;

/** `mis-datos-<día>.zip`, or `datos-usuario-<id>-<día>.zip` for an admin's download. */
export function archiveFileName(target: AccountTarget, today = new Date()): string {
  const day = today.toISOString().slice(0, 10);
  return target === 'me' ? `mis-datos-${day}.zip` : `datos-usuario-${target}-${day}.zip`;
}

/** `GET /api/users/<target>/export`: the ZIP, with the session's bearer token. */
export function downloadPersonalData(target: AccountTarget): Promise<Blob> {
  return apiRequest<Blob>(`${base(target)}/export`, {
    responseType: 'blob',
    headers: { Accept: 'application/zip' },
  });
}

/** Fetches the archive and hands it to the browser. */
export function useDownloadPersonalData(target: AccountTarget) {
  return useMutation({
    mutationFn: () => downloadPersonalData(target),
    onSuccess: (blob) => downloadBlob(blob, archiveFileName(target)),
  });
}

/** `GET /api/users/<target>/deletion-preview`. Never kept: it is read each time the dialog opens. */
export const deletionPreviewQueryOptions = (target: AccountTarget) =>
  queryOptions({
    queryKey: ['users', target, 'deletion-preview'],
    queryFn: ({ signal }) =>
      apiRequest<DeletionPreview>(`${base(target)}/deletion-preview`, { signal }),
    gcTime: 0,
    staleTime: 0,
  });

export function useDeletionPreview(target: AccountTarget, enabled: boolean) {
  return useQuery({ ...deletionPreviewQueryOptions(target), enabled });
}

/** `DELETE /api/users/me` with the password, or `DELETE /api/users/<id>` (admins). */
export function deleteAccount(target: AccountTarget, password?: string): Promise<unknown> {
  return apiRequest<unknown>(base(target), {
    method: 'DELETE',
    ...(target === 'me' ? { body: { password } } : {}),
  });
}

export function useDeleteAccount(target: AccountTarget) {
  return useMutation({ mutationFn: (password?: string) => deleteAccount(target, password) });
}

/** The same download for whichever user an admin picks in a list (the target is the variable). */
export function useDownloadUserData() {
  return useMutation({
    mutationFn: (userId: number) => downloadPersonalData(userId),
    onSuccess: (blob, userId) => downloadBlob(blob, archiveFileName(userId)),
  });
}

/**
 * What the account deletion dialog (components/ui/account-deletion-dialog.tsx) needs: the preview
 * while it is open, the deletion, and its refusal in Spanish.
 */
export function useAccountDeletion(target: AccountTarget, isOpen: boolean) {
  const preview = useDeletionPreview(target, isOpen);
  const deletion = useDeleteAccount(target);
  return {
    own: target === 'me',
    preview: preview.data,
    previewFailed: preview.isError,
    isPending: deletion.isPending,
    error: deletion.isError ? deletion.error.message : undefined,
    reset: deletion.reset,
    confirm: (password: string | undefined, onDeleted: () => void) =>
      deletion.mutate(password, { onSuccess: onDeleted }),
  };
}
