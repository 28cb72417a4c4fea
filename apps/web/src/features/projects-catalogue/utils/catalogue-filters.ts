import {
  BOOLEAN_FACETS,
  LIST_FACETS,
  SORTS,
  type CatalogueFilters,
  type CatalogueSort,
  type FacetName,
} from '../types';

/**
 * The catalogue's search lives in the URL (ADR 0027), with the same names the search API takes:
 * `/projects?q=agua&type=Impacto+social&ods=3&ods=6&sort=title&page=2`. A repeated name is an OR
 * within that facet; different names AND together. Defaults (empty text, `recent`, page 1) are
 * left out, so every search has one canonical URL.
 */

export const FACET_NAMES: readonly FacetName[] = [...LIST_FACETS, ...BOOLEAN_FACETS];
export const DEFAULT_SORT: CatalogueSort = 'recent';
/** The API's default and the page size the catalogue asks for. */
export const PAGE_SIZE = 12;
const MAX_TEXT = 200;

function emptyFacets(): Record<FacetName, string[]> {
  return Object.fromEntries(FACET_NAMES.map((name) => [name, [] as string[]])) as Record<
    FacetName,
    string[]
  >;
}

export function emptyFilters(): CatalogueFilters {
  return { q: '', locality: '', facets: emptyFacets(), sort: DEFAULT_SORT, page: 1 };
}

function isSort(value: string | null): value is CatalogueSort {
  return value !== null && (SORTS as readonly string[]).includes(value);
}

function isBooleanFacet(name: FacetName): boolean {
  return (BOOLEAN_FACETS as readonly string[]).includes(name);
}

/** Reads the filters from the URL; unknown or malformed values are dropped, never an error. */
export function parseFilters(params: URLSearchParams): CatalogueFilters {
  const filters = emptyFilters();
  filters.q = (params.get('q') ?? '').trim().slice(0, MAX_TEXT);
  filters.locality = (params.get('locality') ?? '').trim().slice(0, MAX_TEXT);
  for (const name of FACET_NAMES) {
    const values = params
      .getAll(name)
      .map((value) => value.trim())
      .filter((value) => value !== '')
      .filter((value) => !isBooleanFacet(name) || value === 'true' || value === 'false')
      .filter((value) => name !== 'ods' || /^(?:[1-9]|1[0-7])$/.test(value));
    filters.facets[name] = [...new Set(values)];
  }
  const sort = params.get('sort');
  filters.sort = isSort(sort) ? sort : DEFAULT_SORT;
  const page = Number(params.get('page'));
  filters.page = Number.isInteger(page) && page > 1 ? page : 1;
  return filters;
}

/** The URL parameters of a search, in a fixed order, defaults omitted. */
export function toSearchParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  for (const name of FACET_NAMES) {
    for (const value of filters.facets[name]) params.append(name, value);
  }
  if (filters.locality.trim()) params.set('locality', filters.locality.trim());
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The query string of `GET /api/projects/search` for these filters: the URL's own parameters
 * plus the page size. `status` is sent only for admins (others always get published projects).
 */
export function toApiQuery(filters: CatalogueFilters, { isAdmin }: { isAdmin: boolean }): string {
  const params = toSearchParams(filters);
  if (!isAdmin) params.delete('status');
  params.set('page', String(filters.page));
  params.set('pageSize', String(PAGE_SIZE));
  return params.toString();
}

/** The filters with one facet value switched on or off; any change goes back to page 1. */
export function toggleFacetValue(
  filters: CatalogueFilters,
  name: FacetName,
  value: string,
): CatalogueFilters {
  const current = filters.facets[name];
  const next = current.includes(value)
    ? current.filter((item) => item !== value)
    : [...current, value];
  return { ...filters, facets: { ...filters.facets, [name]: next }, page: 1 };
}

/** How many filters narrow the search (text, locality and every chosen facet value). */
export function countActiveFilters(filters: CatalogueFilters): number {
  const facetCount = FACET_NAMES.reduce((sum, name) => sum + filters.facets[name].length, 0);
  return facetCount + (filters.q ? 1 : 0) + (filters.locality ? 1 : 0);
}

/** The filters without any narrowing, keeping the sort. */
export function clearFilters(filters: CatalogueFilters): CatalogueFilters {
  return { ...emptyFilters(), sort: filters.sort === 'relevance' ? DEFAULT_SORT : filters.sort };
}
