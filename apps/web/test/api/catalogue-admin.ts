import {
  IMPORT_ROW_ACTIONS,
  type CallAttributes,
  type CallUsage,
  type CampusAttributes,
  type CampusUsage,
  type CatalogueImportEntries,
  type CatalogueImportKind,
  type DegreeAttributes,
  type DegreeUsage,
  type ImportAnswer,
  type ImportRow,
  type UniversityAttributes,
} from '@plataforma/shared';
import { collection } from './envelopes';

/**
 * The answers the admins' "Facultades y Grados" reads (generic Strapi routes of the catalogue and
 * `GET …/usage`), typed by the shared contract (packages/shared/src/schemas/catalogue.ts): a fake
 * that drifts from the API's answer no longer compiles.
 */

const AT = '2026-11-20T10:00:00.000Z';
const stamps = { createdAt: AT, updatedAt: AT };

interface Named {
  id: number;
  name: string;
}

const counted = (count: number) => ({ data: { attributes: { count } } });
const named = (list: Named[]) => ({
  data: list.map(({ id, name }) => ({ id, attributes: { name } })),
});

/** A university as the list asks it (`populate[centers][count]=true`). */
export function universityEntry(id: number, name: string, campusCount = 0) {
  const attributes: UniversityAttributes & { centers: ReturnType<typeof counted> } = {
    name,
    ...stamps,
    centers: counted(campusCount),
  };
  return { id, attributes };
}

/** A campus with its university's name and how many degrees it offers. */
export function campusEntry(
  id: number,
  name: string,
  { university = null, degreeCount = 0 }: { university?: Named | null; degreeCount?: number } = {},
) {
  const attributes: CampusAttributes & {
    university: { data: { id: number; attributes: { name: string } } | null };
    degrees: ReturnType<typeof counted>;
  } = {
    name,
    ...stamps,
    university: {
      data: university ? { id: university.id, attributes: { name: university.name } } : null,
    },
    degrees: counted(degreeCount),
  };
  return { id, attributes };
}

/** A call as populated under a degree, with its degrees' names. */
export function callEntry(
  id: number,
  name: string,
  {
    start = '2026-09-01',
    end = '2027-06-30',
    description = null,
    degrees = [],
  }: {
    start?: string | null;
    end?: string | null;
    description?: string | null;
    degrees?: Named[];
  } = {},
) {
  const attributes: CallAttributes & { degrees: ReturnType<typeof named> } = {
    name,
    academic_period_start: start,
    academic_period_end: end,
    description,
    requires_dni: false,
    ...stamps,
    degrees: named(degrees),
  };
  return { id, attributes };
}

/** A degree with the campuses that offer it and its calls. */
export function degreeEntry(
  id: number,
  name: string,
  {
    duration = 4,
    master = false,
    campuses = [],
    calls = [],
  }: {
    duration?: number | null;
    master?: boolean;
    campuses?: Named[];
    calls?: ReturnType<typeof callEntry>[];
  } = {},
) {
  const attributes: DegreeAttributes & {
    campuses: ReturnType<typeof named>;
    calls: { data: ReturnType<typeof callEntry>[] };
  } = { name, duration, master, ...stamps, campuses: named(campuses), calls: { data: calls } };
  return { id, attributes };
}

/** A list of names (`fields[0]=name`): the choices of a form. */
export const namesList = (list: Named[]) =>
  collection(list.map(({ id, name }) => ({ id, attributes: { name } })));

/** `GET /api/campuses/:id/usage`. */
export const campusUsage = (counts: Partial<CampusUsage> = {}): { data: CampusUsage } => ({
  data: {
    calls: 0,
    callsShared: 0,
    degrees: 0,
    degreesShared: 0,
    students: 0,
    teachers: 0,
    projects: 0,
    applications: 0,
    ...counts,
  },
});

/** `GET /api/degrees/:id/usage`. */
export const degreeUsage = (counts: Partial<DegreeUsage> = {}): { data: DegreeUsage } => ({
  data: { campuses: 1, calls: 0, students: 0, teachers: 0, ...counts },
});

/** `GET /api/calls/:id/usage`. */
export const callUsage = (counts: Partial<CallUsage> = {}): { data: CallUsage } => ({
  data: { degrees: 1, applications: 0, ...counts },
});

/** A row of a catalogue file's answer, with its warnings when it has some (ADR 0065). */
export function catalogueRow(
  row: number,
  action: ImportRow['action'],
  label: string,
  { errors = [], warnings = [] }: Pick<Partial<ImportRow>, 'errors' | 'warnings'> = {},
): ImportRow {
  return { row, action, label, errors, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * `POST /api/imports/catalogue|study-areas`: the rows, counted, and what the file creates by kind
 * of entry; `written` false for a dry run.
 */
export function catalogueLoadAnswer(
  rows: ImportRow[],
  entries: Partial<CatalogueImportEntries> = {},
  { written = false, kind = 'catalogue' }: { written?: boolean; kind?: CatalogueImportKind } = {},
): ImportAnswer {
  const counts = Object.fromEntries(
    IMPORT_ROW_ACTIONS.map((action) => [action, rows.filter((r) => r.action === action).length]),
  ) as Record<ImportRow['action'], number>;
  return {
    data: {
      kind,
      written,
      counts: { total: rows.length, ...counts },
      rows,
      entries: {
        universities: 0,
        campuses: 0,
        degrees: 0,
        degreesLinked: 0,
        degreesUpdated: 0,
        studyAreas: 0,
        studySubareas: 0,
        ...entries,
      },
    },
  };
}
