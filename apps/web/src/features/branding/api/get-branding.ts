import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { Branding, BrandingSaasResponse } from '../types';
import { rememberBranding } from '../utils/branding-memory';
import { toBranding } from '../utils/to-branding';

/**
 * `GET /api/branding-saas?populate=*`: this university's branding (spec §7). A new installation
 * whose admins have not saved one yet answers 404 (a Strapi single type without content): it runs
 * on the defaults, as a page the server draws does (ADR 0064), rather than failing.
 */
export async function getBranding({ signal }: { signal?: AbortSignal } = {}): Promise<Branding> {
  const response = await apiRequest<BrandingSaasResponse>('/api/branding-saas?populate=*', {
    signal,
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  const attributes = response?.data?.attributes ?? null;
  rememberBranding(attributes);
  return toBranding(attributes);
}

/** The id of the element the server writes the branding answer into (ADR 0056). */
export const INITIAL_BRANDING_ID = 'initial-branding';

/**
 * The branding answer the server put in the page it sent (ADR 0056), read once: the first screen
 * is drawn in the university's name and colours without asking for them, so nothing moves when
 * they arrive. Undefined when the page has none (development server, a failure), or once read.
 */
export function brandingFromPage(
  doc: Document | undefined = globalThis.document,
): Branding | undefined {
  // No page to read on the server, which renders with the branding it asked for (ADR 0060).
  const element = doc?.getElementById(INITIAL_BRANDING_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const response = JSON.parse(element.textContent ?? '') as BrandingSaasResponse | null;
    const attributes = response?.data?.attributes ?? null;
    rememberBranding(attributes);
    return toBranding(attributes);
  } catch {
    return undefined;
  }
}

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: ['branding'],
    queryFn: ({ signal }) => getBranding({ signal }),
    // Fresh for the page view (staleTime is Infinity): the page's own branding is not asked again.
    initialData: () => brandingFromPage(),
    meta: {
      logErrorAs: 'No se pudo cargar el branding; se usan los valores por defecto.',
      isPublic: true,
    },
    // A failed branding stays failed for this page view (the app runs on defaults); without this
    // every component mounting later would fetch it again.
    retryOnMount: false,
  });

/**
 * The branding query, pending until the answer comes (the settings form waits for it); callers
 * that only need the values use `useBranding()`, which never waits.
 */
export const useBrandingQuery = () => useQuery(brandingQueryOptions());
