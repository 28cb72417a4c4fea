import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FooterSectionComponent, FooterSectionsResponse } from '../types';

const COLUMNS = 'populate[FooterSection][populate][rows][populate][columns][populate]';

/**
 * `GET /api/footer-sections` with rows, columns, images (source), links and the language selector
 * populated (spec §7 Footer); the footer is `data[0].attributes.FooterSection`.
 */
export async function getFooterSections({ signal }: { signal?: AbortSignal } = {}): Promise<
  FooterSectionComponent[]
> {
  const query = [
    `${COLUMNS}[images][populate]=source`,
    `${COLUMNS}[links]=*`,
    `${COLUMNS}[languageSelector]=*`,
    'sort=id:asc',
  ].join('&');
  const answer = await apiRequest<FooterSectionsResponse>(`/api/footer-sections?${query}`, {
    signal,
    auth: false,
  });
  return answer.data[0]?.attributes.FooterSection ?? [];
}

export const footerSectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['footer-sections'],
    queryFn: ({ signal }) => getFooterSections({ signal }),
    // Spec §8: "Footer fetch fails: logged; footer left empty".
    meta: { logErrorAs: 'No se pudo cargar el pie de página.', isPublic: true },
    retryOnMount: false,
  });

export const useFooterSections = () => useQuery(footerSectionsQueryOptions());
