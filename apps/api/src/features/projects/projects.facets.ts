import type { ProjectFacet, ProjectSearchQuery } from '@plataforma/shared';
import type { FacetStorage } from '../../lib/search-facets';

/**
 * The catalogue's facets (ADR 0027): the column each is read from, whether a project holds one
 * value or a list of them, the search parameter that filters it and its SQL type. Both ways of
 * answering a search read this table: PostgreSQL alone (projects.service.ts) and the published
 * projects kept in memory (projects.published.ts, ADR 0059).
 */
export const FACETS = {
  type: { column: 'type', list: false, param: 'type', cast: 'text' },
  ods: { column: 'ods', list: true, param: 'ods', cast: 'int4' },
  study_areas: { column: 'study_areas', list: true, param: 'study_area', cast: 'text' },
  study_subareas: { column: 'study_subareas', list: true, param: 'study_subarea', cast: 'text' },
  presentiality: { column: 'presentiality', list: false, param: 'presentiality', cast: 'text' },
  location: { column: 'location', list: false, param: 'location', cast: 'text' },
  dedication: { column: 'dedication', list: false, param: 'dedication', cast: 'text' },
  language: { column: 'language', list: false, param: 'language', cast: 'text' },
  remuneration: { column: 'remuneration', list: false, param: 'remuneration', cast: 'bool' },
  internship: { column: 'internship', list: false, param: 'internship', cast: 'bool' },
} as const satisfies Record<
  ProjectFacet,
  FacetStorage & { column: string; param: keyof ProjectSearchQuery }
>;
