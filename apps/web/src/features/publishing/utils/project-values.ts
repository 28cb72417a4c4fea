import {
  DEDICATION_OPTIONS,
  ODS,
  OTHER_OPTION,
  PRESENTIALITY_OPTIONS,
  PROJECT_LANGUAGES,
  PROJECT_TYPES,
  PROVINCES,
  STUDY_AREAS,
} from '@plataforma/shared';
import { choice, choices, list, text } from '../../../forms/engine/form-values';
import type { FormValue, FormValues } from '../../../forms/types';
import type { ProjectAttributes, ProjectPayload } from '../../../entities/project/types';
import { NO, PROJECT_TAGS, REMOTE, YES } from './project-items';

/** Text fields written as they are (empty → null). */
const TEXT_FIELDS = [
  'title',
  'description',
  'objectives',
  'ods_explanation',
  'academic_profile',
  'requirements',
  'working_method',
] as const;

const yesNo = (value: FormValue): boolean => value === YES;

/** A choice of one of spec §3's closed lists (the form offers only those), else null. */
function oneOf<T extends string>(value: FormValue, allowed: readonly T[]): T | null {
  const chosen = text(value);
  return allowed.find((option) => option === chosen) ?? null;
}

/**
 * The form's values as the project's `data` (spec §3 Project), without status and campus (the
 * relation, `getCampusId`). ODS are numbers 1 to 17 ("Otra" means nothing there);
 * a remote project has no province or town.
 */
export function toProjectPayload(values: FormValues): Omit<ProjectPayload, 'campus' | 'status'> {
  const payload: Omit<ProjectPayload, 'campus' | 'status'> = {};
  for (const field of TEXT_FIELDS) {
    const value = text(values[field]);
    if (field === 'title') payload.title = value ?? '';
    else payload[field] = value;
  }
  payload.type = oneOf(values.type, PROJECT_TYPES) ?? undefined;
  payload.ods = list(values.ods)
    .map(Number)
    .filter((number) => ODS.some((goal) => goal.number === number));
  payload.tags = choices(values.tags, values.tags_other);
  payload.internship = yesNo(values.internship);
  payload.remuneration = yesNo(values.remuneration);
  payload.dedication = oneOf(values.dedication, DEDICATION_OPTIONS);
  payload.language = choice(values.language, values.language_other);
  payload.presentiality = oneOf(values.presentiality, PRESENTIALITY_OPTIONS);
  const isRemote = values.presentiality === REMOTE;
  payload.location = isRemote ? null : choice(values.location, values.location_other);
  payload.locality = isRemote ? null : choice(values.locality, values.locality_other);
  payload.study_areas = choices(values.study_areas, values.study_areas_other);
  payload.study_subareas = choices(values.study_subareas, values.study_subareas_other);
  payload.visibility_consent = values.visibility_consent === true;
  payload.application_deadline = text(values.application_deadline);
  return payload;
}

/** Splits stored names into the offered ones and the rest (shown as "Otra" plus text). */
function splitKnown(stored: string[] | null | undefined, known: readonly string[]) {
  const values = stored ?? [];
  const inList = values.filter((value) => known.includes(value));
  const rest = values.filter((value) => !known.includes(value));
  return rest.length > 0
    ? { chosen: [...inList, OTHER_OPTION], other: rest.join(', ') }
    : { chosen: inList, other: undefined };
}

/** A stored single name: offered as is, else "Otra" with the name as its text. */
function splitOne(stored: string | null | undefined, known: readonly string[]) {
  if (!stored) return { chosen: undefined, other: undefined };
  return known.includes(stored)
    ? { chosen: stored, other: undefined }
    : { chosen: OTHER_OPTION, other: stored };
}

const put = (values: FormValues, key: string, value: FormValue) => {
  if (value !== undefined && value !== null) values[key] = value;
};

/** A stored project as the form's values (editing shows what was saved). */
export function toProjectValues(project: ProjectAttributes): FormValues {
  const values: FormValues = {};
  for (const field of TEXT_FIELDS) put(values, field, project[field] ?? undefined);
  put(values, 'type', project.type ?? undefined);
  put(values, 'ods', (project.ods ?? []).map(String));
  const tags = splitKnown(project.tags, PROJECT_TAGS);
  put(values, 'tags', tags.chosen);
  put(values, 'tags_other', tags.other);
  if (typeof project.internship === 'boolean') values.internship = project.internship ? YES : NO;
  if (typeof project.remuneration === 'boolean') {
    values.remuneration = project.remuneration ? YES : NO;
  }
  put(values, 'dedication', project.dedication ?? undefined);
  const language = splitOne(project.language, PROJECT_LANGUAGES);
  put(values, 'language', language.chosen);
  put(values, 'language_other', language.other);
  put(values, 'presentiality', project.presentiality ?? undefined);
  const provinces = PROVINCES.map((province) => province.name);
  const location = splitOne(project.location, provinces);
  put(values, 'location', location.chosen);
  put(values, 'location_other', location.other);
  const cities = PROVINCES.find((province) => province.name === project.location)?.cities ?? [];
  const locality = splitOne(project.locality, cities);
  put(values, 'locality', locality.chosen);
  put(values, 'locality_other', locality.other);
  const areas = splitKnown(
    project.study_areas,
    STUDY_AREAS.map((area) => area.name),
  );
  put(values, 'study_areas', areas.chosen);
  put(values, 'study_areas_other', areas.other);
  const subareas = splitKnown(
    project.study_subareas,
    STUDY_AREAS.flatMap((area) => area.subareas),
  );
  put(values, 'study_subareas', subareas.chosen);
  put(values, 'study_subareas_other', subareas.other);
  values.visibility_consent = project.visibility_consent === true;
  put(values, 'application_deadline', project.application_deadline ?? undefined);
  // The catalogue comboboxes hold entries by id (ADR 0031).
  const campus = project.campus?.data;
  if (campus) {
    put(values, 'campus', String(campus.id));
    const university = campus.attributes.university?.data;
    put(values, 'university', university ? String(university.id) : undefined);
  }
  return values;
}

/** The fields of `next` that differ from `before` (an edit sends only what changed). */
export function getChangedFields<T extends object>(before: T, next: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(next[key] ?? null)) {
      changed[key] = next[key];
    }
  }
  return changed;
}

/**
 * The catalogue campus chosen (the option's value is its id; the campus options are those of the
 * chosen university), or null for none or "Otra".
 */
export function getCampusId(values: FormValues): number | null {
  const { campus } = values;
  if (typeof campus !== 'string' || campus === OTHER_OPTION) return null;
  const id = Number(campus);
  return Number.isInteger(id) && id > 0 ? id : null;
}
