import { THESIS_STAGES, type ThesisStage } from '@plataforma/shared';
import type { ResourceListQuery } from '../../../entities/resource/types';
import { RESOURCE_SORTS, type ResourceCatalogueSort, type ResourceFilters } from '../types';

/**
 * The resources' list lives in the URL (ADR 0041): `/resources?tag=Voluntariado&purpose=…
 * &stage=doing&sort=popular&page=2`. Defaults (any tag, purpose or stage, newest first, page 1)
 * are left out, so every list has one canonical URL and can be shared.
 */

export const DEFAULT_RESOURCE_SORT: ResourceCatalogueSort = 'recent';
/** Resources a page shows: a grid of 3, 2 or 1 columns fills evenly. */
export const RESOURCE_PAGE_SIZE = 12;
const MAX_VALUE = 100;

export function emptyResourceFilters(): ResourceFilters {
  return { tag: '', purpose: '', stage: null, sort: DEFAULT_RESOURCE_SORT, page: 1 };
}

const isStage = (value: string | null): value is ThesisStage =>
  value !== null && (THESIS_STAGES as readonly string[]).includes(value);

const isSort = (value: string | null): value is ResourceCatalogueSort =>
  value !== null && (RESOURCE_SORTS as readonly string[]).includes(value);

const text = (value: string | null) => (value ?? '').trim().slice(0, MAX_VALUE);

/** Reads the filters from the URL; unknown or malformed values are dropped, never an error. */
export function parseResourceFilters(params: URLSearchParams): ResourceFilters {
  const stage = params.get('stage');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    tag: text(params.get('tag')),
    purpose: text(params.get('purpose')),
    stage: isStage(stage) ? stage : null,
    sort: isSort(sort) ? sort : DEFAULT_RESOURCE_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a list, in a fixed order, defaults omitted. */
export function toResourceSearchParams(filters: ResourceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.purpose) params.set('purpose', filters.purpose);
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.sort !== DEFAULT_RESOURCE_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** What `GET /api/resources` is asked for these filters. */
export function toResourceListQuery(filters: ResourceFilters): ResourceListQuery {
  return {
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.purpose ? { purpose: filters.purpose } : {}),
    ...(filters.stage ? { stage: filters.stage } : {}),
    sort: filters.sort,
    page: filters.page,
    pageSize: RESOURCE_PAGE_SIZE,
  };
}

/** How many of the tag, purpose and stage filters are set. */
export function countActiveResourceFilters(filters: ResourceFilters): number {
  return [filters.tag, filters.purpose, filters.stage].filter(Boolean).length;
}

/** The same order, every filter removed, back to page 1. */
export function clearResourceFilters(filters: ResourceFilters): ResourceFilters {
  return { ...emptyResourceFilters(), sort: filters.sort };
}
