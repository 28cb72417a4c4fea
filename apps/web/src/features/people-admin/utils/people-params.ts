import { THESIS_STAGES } from '@plataforma/shared';
import type { PeopleFilters } from '../types';
import type { KindConfig } from './kinds';

/** Rows a page of a list shows. */
export const PEOPLE_PAGE_SIZE = 25;

/** The URL's names of a list's state, in Spanish like the rest of the admin's addresses. */
const PARAMS = {
  q: 'q',
  university: 'universidad',
  degree: 'grado',
  thesisStage: 'etapa',
  validated: 'validado',
  published: 'publicado',
  sort: 'orden',
} as const;
export const PAGE_PARAM = 'pagina';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};
const yesNo = (value: string | null) => (value === 'si' || value === 'no' ? value : undefined);

/**
 * A list's filters out of the URL, keeping only what the kind offers and values that can be
 * (an unknown stage, a bad id or order is dropped, not sent to the API as a 400).
 */
export function readFilters(params: URLSearchParams, config: KindConfig): PeopleFilters {
  const offers = new Set(config.filters);
  const q = params.get(PARAMS.q)?.trim();
  const stage = params.get(PARAMS.thesisStage);
  const sort = params.get(PARAMS.sort);
  return {
    ...(q ? { q } : {}),
    ...(offers.has('university') && positiveId(params.get(PARAMS.university))
      ? { university: positiveId(params.get(PARAMS.university)) }
      : {}),
    ...(offers.has('degree') && positiveId(params.get(PARAMS.degree))
      ? { degree: positiveId(params.get(PARAMS.degree)) }
      : {}),
    ...(offers.has('thesisStage') && stage && (THESIS_STAGES as readonly string[]).includes(stage)
      ? { thesisStage: stage }
      : {}),
    ...(offers.has('validated') && yesNo(params.get(PARAMS.validated))
      ? { validated: yesNo(params.get(PARAMS.validated)) }
      : {}),
    ...(offers.has('published') && yesNo(params.get(PARAMS.published))
      ? { published: yesNo(params.get(PARAMS.published)) }
      : {}),
    ...(sort && config.sorts.some((option) => option.value === sort) ? { sort } : {}),
  };
}

export function readPage(params: URLSearchParams): number {
  return positiveId(params.get(PAGE_PARAM)) ?? 1;
}

/** The URL of a list's state; the page only past the first, `extra` (the tab) kept first. */
export function writeFilters(
  filters: PeopleFilters,
  page = 1,
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(extra);
  for (const [key, name] of Object.entries(PARAMS) as [keyof PeopleFilters, string][]) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}

export const hasFilters = (filters: PeopleFilters) =>
  Object.entries(filters).some(([key, value]) => key !== 'sort' && value !== undefined);

/**
 * The API's query of a list (docs/api.md): the search as `$or` of `$containsi` over the kind's
 * paths, each filter, the order (id last), and `publicationState=preview` for draft/publish
 * kinds so an admin also sees the unpublished ones (ADR 0050).
 */
export function toStrapiQuery(
  config: KindConfig,
  filters: PeopleFilters,
  { withSort = true }: { withSort?: boolean } = {},
): URLSearchParams {
  const query = new URLSearchParams(config.select);
  if (config.draftAndPublish) query.set('publicationState', 'preview');
  if (filters.q) {
    config.searchPaths.forEach((path, index) => {
      query.set(
        `filters[$or][${index}]${path.map((p) => `[${p}]`).join('')}[$containsi]`,
        filters.q!,
      );
    });
  }
  if (filters.university !== undefined)
    query.set('filters[university][id][$eq]', String(filters.university));
  if (filters.degree !== undefined) {
    // A student has one degree; a teacher teaches in several.
    const relation = config.kind === 'teachers' ? 'degrees' : 'degree';
    query.set(`filters[${relation}][id][$eq]`, String(filters.degree));
  }
  if (filters.thesisStage) query.set('filters[thesis_stage][$eq]', filters.thesisStage);
  if (filters.validated) query.set('filters[validated][$eq]', String(filters.validated === 'si'));
  if (filters.published) {
    query.set(`filters[publishedAt][${filters.published === 'si' ? '$notNull' : '$null'}]`, 'true');
  }
  if (withSort) {
    const sort = config.sorts.find((option) => option.value === filters.sort) ?? config.sorts[0]!;
    sort.terms.forEach((term, index) => query.set(`sort[${index}]`, term));
  }
  return query;
}
