import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FooterSectionWire } from '../utils/footer-draft';

export interface UpdateFooterInput {
  id: number | null;
  sections: FooterSectionWire[];
}

/**
 * `PUT /api/footer-sections/:id {data: {FooterSection}}`; when no footer exists yet,
 * `POST /api/footer-sections` creates it already published (visitors only read published ones).
 */
export async function updateFooterSection({ id, sections }: UpdateFooterInput): Promise<void> {
  if (id === null) {
    await apiRequest('/api/footer-sections', {
      method: 'POST',
      body: { data: { FooterSection: sections, publishedAt: new Date().toISOString() } },
    });
    return;
  }
  await apiRequest(`/api/footer-sections/${id}`, {
    method: 'PUT',
    body: { data: { FooterSection: sections } },
  });
}

/**
 * The mutation; the site's footer (`['footer']`) and every footer-sections query (this editor's
 * included) are fetched again.
 */
export function useUpdateFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFooterSection,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['footer'] }),
        queryClient.invalidateQueries({ queryKey: ['footer-sections'] }),
      ]),
  });
}
