import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FooterSectionWire } from '../utils/footer-draft';

interface FooterSectionsResponse {
  data: { id: number; attributes: { FooterSection?: FooterSectionWire[] | null } }[];
}

export interface FooterEntry {
  /** The entry to update; null when none is published yet (the first save creates it). */
  id: number | null;
  sections: FooterSectionWire[];
}

/**
 * `GET /api/footer-sections?populate=*`: the published entry the site's footer shows (spec §7
 * reads `data[0].attributes.FooterSection`).
 */
export async function getFooterEntry({
  signal,
}: { signal?: AbortSignal } = {}): Promise<FooterEntry> {
  const answer = await apiRequest<FooterSectionsResponse>(
    '/api/footer-sections?populate=*&sort=id:asc',
    {
      signal,
    },
  );
  const entry = answer.data[0];
  return { id: entry?.id ?? null, sections: entry?.attributes.FooterSection ?? [] };
}

/** Under `['footer-sections']`, so invalidating the footer's data refreshes the editor too. */
export const footerEntryQueryOptions = () =>
  queryOptions({
    queryKey: ['footer-sections', 'editor'],
    queryFn: ({ signal }) => getFooterEntry({ signal }),
  });

export const useFooterEntry = () => useQuery(footerEntryQueryOptions());
