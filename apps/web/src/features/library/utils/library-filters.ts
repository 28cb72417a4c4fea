import {
  TFX_FACETS,
  TFX_SEARCH_PAGE_SIZE,
  type TfxFacet,
  type TfxSearchSort,
} from '@plataforma/shared';
import type { LibraryFilters, LibraryKind } from '../types';

/**
 * The library's search lives in the URL (ADR 0040), with the names `GET /api/tfxes/search`
 * takes: `/tfx?q=compostaje&year=2025&ods=12&ods=13&page=2`. A repeated name is an OR within
 * that facet; different names AND together. Defaults (no words, relevance, page 1) are left out,
 * so every search has one canonical URL. Without words there is nothing to rank, so the order is
 * the newest first and `sort` is left out too.
 */

const MAX_TEXT = 200;
const MAX_VALUE = 255;

/** Each facet's rule for a value read from a URL; anything else is dropped. */
const VALID: Record<TfxFacet, (value: string) => boolean> = {
  year: (value) => /^(19|20|21)\d{2}$/.test(value),
  ods: (value) => /^(?:[1-9]|1[0-7])$/.test(value),
  awarded: (value) => value === 'true' || value === 'false',
  degree: (value) => value.length <= MAX_VALUE,
  study_area: (value) => value.length <= MAX_VALUE,
  sector: (value) => value.length <= MAX_VALUE,
  language: (value) => value.length <= 50,
};

function emptyFacets(): Record<TfxFacet, string[]> {
  return Object.fromEntries(TFX_FACETS.map((name) => [name, [] as string[]])) as Record<
    TfxFacet,
    string[]
  >;
}

export function emptyLibraryFilters(): LibraryFilters {
  return { q: '', facets: emptyFacets(), sort: 'relevance', page: 1 };
}

/** Reads the filters from the URL; unknown or malformed values are dropped, never an error. */
export function parseLibraryFilters(params: URLSearchParams): LibraryFilters {
  const filters = emptyLibraryFilters();
  filters.q = (params.get('q') ?? '').trim().slice(0, MAX_TEXT);
  for (const name of TFX_FACETS) {
    const values = params
      .getAll(name)
      .map((value) => value.trim())
      .filter((value) => value !== '' && VALID[name](value));
    filters.facets[name] = [...new Set(values)];
  }
  filters.sort = params.get('sort') === 'newest' ? 'newest' : 'relevance';
  const page = Number(params.get('page'));
  filters.page = Number.isInteger(page) && page > 1 ? page : 1;
  return filters;
}

/** The order the results come in: relevance only means something with words. */
export function effectiveSort(filters: LibraryFilters): TfxSearchSort {
  return filters.q ? filters.sort : 'newest';
}

/** The URL parameters of a search, in a fixed order, defaults omitted. */
export function toLibrarySearchParams(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  for (const name of TFX_FACETS) {
    for (const value of filters.facets[name]) params.append(name, value);
  }
  if (filters.q.trim() && filters.sort === 'newest') params.set('sort', 'newest');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The query string of `GET /api/tfxes/search` for these filters: the URL's own parameters plus
 * the repository (`external=true` for /tfx/external), the order, the page and its size.
 */
export function toLibraryApiQuery(filters: LibraryFilters, kind: LibraryKind): string {
  const params = toLibrarySearchParams(filters);
  params.delete('sort');
  params.delete('page');
  if (kind === 'external') params.set('external', 'true');
  params.set('sort', effectiveSort(filters));
  params.set('page', String(filters.page));
  params.set('pageSize', String(TFX_SEARCH_PAGE_SIZE.default));
  return params.toString();
}

/** The filters with one facet value switched on or off; any change goes back to page 1. */
export function toggleLibraryFacet(
  filters: LibraryFilters,
  name: TfxFacet,
  value: string,
): LibraryFilters {
  const current = filters.facets[name];
  const next = current.includes(value)
    ? current.filter((item) => item !== value)
    : [...current, value];
  return { ...filters, facets: { ...filters.facets, [name]: next }, page: 1 };
}

/** How many filters narrow the search (the words and every chosen facet value). */
export function countLibraryFilters(filters: LibraryFilters): number {
  const facetCount = TFX_FACETS.reduce((sum, name) => sum + filters.facets[name].length, 0);
  return facetCount + (filters.q ? 1 : 0);
}

/** The filters without any narrowing. */
export function clearLibraryFilters(): LibraryFilters {
  return emptyLibraryFilters();
}

export function isTfxFacet(name: string): name is TfxFacet {
  return (TFX_FACETS as readonly string[]).includes(name);
}
