import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalTextChange, LegalTextList } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { LEGAL_TEXTS_QUERY_ROOT } from './get-legal-text';

export interface UpdateLegalTextInput {
  id: number;
  change: LegalTextChange;
}

/**
 * `PUT /api/legal-texts/:id {data: {title, content}}` (admins): the server cleans the HTML and, when
 * something changed, makes the next version (ADR 0035). Answers the new version number.
 */
export async function updateLegalText({ id, change }: UpdateLegalTextInput): Promise<number> {
  const answer = await apiRequest<{ data: LegalTextList['data'][number] }>(
    `/api/legal-texts/${id}`,
    { method: 'PUT', body: { data: change } },
  );
  return answer.data.attributes.version;
}

/** The mutation; every legal text query (pages, registration, history) is read again. */
export function useUpdateLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLegalText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LEGAL_TEXTS_QUERY_ROOT] }),
  });
}
