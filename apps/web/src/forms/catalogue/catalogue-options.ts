import { OPTION_PAGE_SIZE, type NamesAnswer } from '@plataforma/shared';
import { apiRequest } from '../../lib/api-client';
import type { FormValue, FormValues, GetOptions, OptionsPage } from '../types';

/**
 * Option fetchers of the dynamic comboboxes on the catalogue calls (spec §7 "Catalogues" and
 * "Option fetchers"; ADR 0005 for the answers): names, 10 a page, searched by
 * `filters[name][$contains]`, campuses by university name, degrees by master and campus name.
 * Values are the names themselves, so a chosen university is the filter of its campuses.
 */

/** Spec §3 Profile form options: the study type / class type whose degrees are masters. */
export const MASTER_STUDY_TYPE = 'Máster';
/** A parent answered with "Otra" is not in the catalogue: nothing can hang from it. */
const OTHER = 'Otra';

const EMPTY: OptionsPage = { options: [], hasMore: false };

/** A bracketed query pair as the Strapi parser reads it, the value encoded. */
const pair = (key: string, value: string | number) => `${key}=${encodeURIComponent(String(value))}`;

/** The chosen value of a parent field, when it is a catalogue name. */
function chosenName(values: FormValues, field: string): string | undefined {
  const value: FormValue = values[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

async function fetchNames(
  path: string,
  { search, page, signal }: { search: string; page: number; signal?: AbortSignal },
  filters: string[] = [],
): Promise<OptionsPage> {
  const params = [
    pair('pagination[page]', page),
    pair('pagination[pageSize]', OPTION_PAGE_SIZE),
    ...(search.trim() === '' ? [] : [pair('filters[name][$contains]', search.trim())]),
    ...filters,
  ];
  const body = await apiRequest<NamesAnswer>(`${path}?${params.join('&')}`, { signal });
  const { pagination } = body.meta;
  return {
    options: body.data.map((entry) => entry.attributes.name),
    hasMore: pagination.page < pagination.pageCount,
  };
}

/** Universities by name (`GET /api/universities/names`). */
export const getUniversityOptions: GetOptions = (args) =>
  fetchNames('/api/universities/names', args);

/**
 * Campuses of the university chosen in `universityField` (`GET /api/campuses/names`); an empty
 * page until one is chosen, or when it is "Otra".
 */
export function createCampusOptions({
  universityField = 'university',
}: { universityField?: string } = {}): GetOptions {
  return (args) => {
    const university = chosenName(args.values, universityField);
    if (!university || university === OTHER) return Promise.resolve(EMPTY);
    return fetchNames('/api/campuses/names', args, [
      pair('filters[university][name][$eq]', university),
    ]);
  };
}

/**
 * Degrees (`GET /api/degree/names`) filtered by the study type in `studyTypeField` ("Máster" →
 * masters, otherwise the rest) and by the campus in `campusField`. With `requiresBoth` (the teacher
 * form: class type and campus) the page is empty until both are chosen; otherwise each filters when
 * chosen. A campus answered with "Otra" has no catalogue degrees: the page is empty.
 */
export function createDegreeOptions({
  studyTypeField = 'study_type',
  campusField = 'campus',
  requiresBoth = false,
}: { studyTypeField?: string; campusField?: string; requiresBoth?: boolean } = {}): GetOptions {
  return (args) => {
    const studyType = chosenName(args.values, studyTypeField);
    const campus = chosenName(args.values, campusField);
    if (requiresBoth && (!studyType || !campus)) return Promise.resolve(EMPTY);
    if (campus === OTHER) return Promise.resolve(EMPTY);
    const filters = [
      ...(studyType ? [pair('filters[master][$eq]', String(studyType === MASTER_STUDY_TYPE))] : []),
      ...(campus ? [pair('filters[campuses][name][$eq]', campus)] : []),
    ];
    return fetchNames('/api/degree/names', args, filters);
  };
}

/** The student profile's degrees: by study type and campus. */
export const getStudentDegreeOptions = createDegreeOptions();
/** The teacher profile's degrees: need class type and campus (spec §5 Degree choices). */
export const getTeacherDegreeOptions = createDegreeOptions({
  studyTypeField: 'class_type',
  requiresBoth: true,
});
/** Campuses of the chosen `university`. */
export const getCampusOptions = createCampusOptions();
