import { MAX_PAGE_SIZE, OPTION_PAGE_SIZE, type NamesAnswer } from '@plataforma/shared';
import { apiRequest } from '../../lib/api-client';
import type { FormValue, FormValues, GetOptions, OptionsPage } from '../types';

/**
 * Option fetchers of the dynamic comboboxes on the catalogue calls (spec §7 "Catalogues" and
 * "Option fetchers"; ADR 0005 for the answers, ADR 0031 for ids): 10 a page, searched by
 * `filters[name][$contains]`. An option is a catalogue entry: its value is the entry's id (as
 * text), its label the name. So the chosen university filters its campuses by id and the chosen
 * campus its degrees, and two faculties called alike at two universities are never confused.
 */

/** Spec §3 Profile form options: the study type / class type whose degrees are masters. */
export const MASTER_STUDY_TYPE = 'Máster';
/** A parent answered with "Otra" is not in the catalogue: nothing can hang from it. */
const OTHER = 'Otra';

const EMPTY: OptionsPage = { options: [], hasMore: false };

/** A bracketed query pair as the Strapi parser reads it, the value encoded. */
const pair = (key: string, value: string | number) => `${key}=${encodeURIComponent(String(value))}`;

/** The chosen value of a parent field, when there is one. */
function chosenValue(values: FormValues, field: string): string | undefined {
  const value: FormValue = values[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The chosen catalogue entry of a parent field: its id, unless it is missing or "Otra". */
function chosenId(values: FormValues, field: string): number | undefined {
  const value = chosenValue(values, field);
  const id = Number(value);
  return value !== undefined && Number.isInteger(id) && id > 0 ? id : undefined;
}

type Args = Parameters<GetOptions>[0];

async function fetchNames(
  path: string,
  { search, page, chosen, signal }: Args,
  filters: string[] = [],
): Promise<OptionsPage> {
  const ids = (chosen ?? []).map(Number).filter((id) => Number.isInteger(id) && id > 0);
  if (chosen && ids.length === 0) return EMPTY;
  const params = chosen
    ? [
        pair('pagination[page]', 1),
        pair('pagination[pageSize]', Math.min(Math.max(ids.length, 1), MAX_PAGE_SIZE)),
        ...ids.slice(0, MAX_PAGE_SIZE).map((id, index) => pair(`filters[id][$in][${index}]`, id)),
      ]
    : [
        pair('pagination[page]', page),
        pair('pagination[pageSize]', OPTION_PAGE_SIZE),
        ...(search.trim() === '' ? [] : [pair('filters[name][$contains]', search.trim())]),
      ];
  const body = await apiRequest<NamesAnswer>(`${path}?${[...params, ...filters].join('&')}`, {
    signal,
  });
  const { pagination } = body.meta;
  return {
    options: body.data.map((entry) => ({ value: String(entry.id), label: entry.attributes.name })),
    hasMore: pagination.page < pagination.pageCount,
  };
}

/** Universities (`GET /api/universities/names`). */
export const getUniversityOptions: GetOptions = (args) =>
  fetchNames('/api/universities/names', args);

/**
 * Campuses of the university chosen in `universityField` (`GET /api/campuses/names`,
 * `filters[university][id][$eq]`); an empty page until one is chosen, or when it is "Otra".
 */
export function createCampusOptions({
  universityField = 'university',
}: { universityField?: string } = {}): GetOptions {
  return (args) => {
    const university = chosenId(args.values, universityField);
    if (university === undefined) return Promise.resolve(EMPTY);
    return fetchNames('/api/campuses/names', args, [
      pair('filters[university][id][$eq]', university),
    ]);
  };
}

/**
 * Degrees (`GET /api/degree/names`) filtered by the study type in `studyTypeField` ("Máster" →
 * masters, otherwise the rest) and by the place chosen: the campus in `campusField`
 * (`filters[campuses][id][$eq]`), else the university in `universityField`
 * (`filters[campuses][university][id][$eq]`). With `requiresBoth` (the teacher form: class type
 * and campus, spec §5) the page is empty until both are chosen. A campus or university answered
 * with "Otra" has no catalogue degrees: the page is empty.
 */
export function createDegreeOptions({
  studyTypeField = 'study_type',
  campusField = 'campus',
  universityField = 'university',
  requiresBoth = false,
}: {
  studyTypeField?: string;
  campusField?: string;
  universityField?: string;
  requiresBoth?: boolean;
} = {}): GetOptions {
  return (args) => {
    const studyType = chosenValue(args.values, studyTypeField);
    const campus = chosenId(args.values, campusField);
    const university = chosenId(args.values, universityField);
    if (requiresBoth && (!studyType || campus === undefined)) return Promise.resolve(EMPTY);
    const isOther = (field: string) => chosenValue(args.values, field) === OTHER;
    if (isOther(campusField) || (campus === undefined && isOther(universityField))) {
      return Promise.resolve(EMPTY);
    }
    const filters = [
      ...(studyType ? [pair('filters[master][$eq]', String(studyType === MASTER_STUDY_TYPE))] : []),
      ...(campus !== undefined
        ? [pair('filters[campuses][id][$eq]', campus)]
        : university !== undefined
          ? [pair('filters[campuses][university][id][$eq]', university)]
          : []),
    ];
    return fetchNames('/api/degree/names', args, filters);
  };
}

/** The student profile's degrees: by study type and campus (or university). */
export const getStudentDegreeOptions = createDegreeOptions();
/** The teacher profile's degrees: need class type and campus (spec §5 Degree choices). */
export const getTeacherDegreeOptions = createDegreeOptions({
  studyTypeField: 'class_type',
  requiresBoth: true,
});
/** Campuses of the chosen `university`. */
export const getCampusOptions = createCampusOptions();
