import type {
  CallAttributes,
  CallUsage,
  CampusAttributes,
  CampusUsage,
  DegreeAttributes,
  DegreeUsage,
  UniversityAttributes,
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
