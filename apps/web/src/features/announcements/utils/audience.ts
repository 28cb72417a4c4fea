import type { AudienceChoice, AudienceFilter } from '../types';

/**
 * The audience builder's choice as the API's audience (ADR 0045: a Strapi v4 filter object over
 * students, every condition ANDed) and back. The attribute names are the student's
 * (`apps/api/src/db/schema/profiles.ts`); an application's project and status sit in one
 * `applys` condition, so both must hold for the same application.
 */

export const EMPTY_CHOICE: AudienceChoice = {
  university: null,
  campus: null,
  degrees: [],
  studyType: null,
  thesisStages: [],
  goals: [],
  provinces: [],
  studyAreas: [],
  project: null,
  applicationStatuses: [],
  emails: [],
};

const id = (value: string) => Number(value);

/** The filter object of a choice; `{}` (every student the sender reaches) when nothing is chosen. */
export function buildAudience(choice: AudienceChoice): AudienceFilter {
  const audience: AudienceFilter = {};
  if (choice.university) audience.university = { id: { $eq: id(choice.university.value) } };
  if (choice.campus) audience.campus = { id: { $eq: id(choice.campus.value) } };
  if (choice.degrees.length > 0) {
    audience.degree = { id: { $in: choice.degrees.map((degree) => id(degree.value)) } };
  }
  if (choice.studyType) audience.study_type = { $eq: choice.studyType };
  if (choice.thesisStages.length > 0) audience.thesis_stage = { $in: choice.thesisStages };
  if (choice.goals.length > 0) audience.goal = { $in: choice.goals };
  if (choice.provinces.length > 0) audience.province = { $in: choice.provinces };
  if (choice.studyAreas.length > 0) audience.student_area = { $in: choice.studyAreas };
  if (choice.project || choice.applicationStatuses.length > 0) {
    audience.applys = {
      ...(choice.project ? { project: { id: { $eq: id(choice.project.value) } } } : {}),
      ...(choice.applicationStatuses.length > 0
        ? { status: { $in: choice.applicationStatuses } }
        : {}),
    };
  }
  if (choice.emails.length > 0) audience.user = { email: { $in: choice.emails } };
  return audience;
}

/**
 * The candidates of one project, all or those whose application is in `statuses` (the
 * candidates page's "Escribir a los candidatos"). The server narrows it to the sender's own
 * candidates anyway.
 */
export function candidatesAudience(
  projectId: number,
  statuses: AudienceChoice['applicationStatuses'],
): AudienceFilter {
  return buildAudience({
    ...EMPTY_CHOICE,
    project: { value: String(projectId), label: '' },
    applicationStatuses: statuses,
  });
}

/** A stored audience read back into what it asks for, ids still unnamed. */
export interface ParsedAudience {
  universities: number[];
  campuses: number[];
  degrees: number[];
  studyTypes: string[];
  thesisStages: string[];
  goals: string[];
  provinces: string[];
  studyAreas: string[];
  projects: number[];
  applicationStatuses: string[];
  emails: string[];
  /** Conditions this screen cannot put into words (written by another client), by path. */
  unknown: string[];
}

type Scalar = string | number;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number';

/** The values an attribute's condition allows: `v`, `{$eq: v}` or `{$in: [...]}`; else null. */
function valuesOf(condition: unknown): Scalar[] | null {
  if (isScalar(condition)) return [condition];
  if (!isRecord(condition)) return null;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return null;
  const value = condition[keys[0]!];
  if (keys[0] === '$eq' && isScalar(value)) return [value];
  if (keys[0] === '$in' && Array.isArray(value) && value.every(isScalar)) return value;
  return null;
}

/** The ids a relation's condition allows: `{id: <values>}`; else null. */
function idsOf(condition: unknown): number[] | null {
  if (!isRecord(condition) || Object.keys(condition).length !== 1) return null;
  const values = valuesOf(condition.id);
  if (!values) return null;
  const ids = values.map(Number);
  return ids.every((value) => Number.isInteger(value)) ? ids : null;
}

const RELATIONS = { university: 'universities', campus: 'campuses', degree: 'degrees' } as const;
const ATTRIBUTES = {
  study_type: 'studyTypes',
  thesis_stage: 'thesisStages',
  goal: 'goals',
  province: 'provinces',
  student_area: 'studyAreas',
} as const;

/** Reads a stored audience; whatever is not in the builder's shapes is listed in `unknown`. */
export function parseAudience(audience: unknown): ParsedAudience {
  const parsed: ParsedAudience = {
    universities: [],
    campuses: [],
    degrees: [],
    studyTypes: [],
    thesisStages: [],
    goals: [],
    provinces: [],
    studyAreas: [],
    projects: [],
    applicationStatuses: [],
    emails: [],
    unknown: [],
  };
  if (!isRecord(audience)) {
    parsed.unknown.push('audience');
    return parsed;
  }
  for (const [key, condition] of Object.entries(audience)) {
    if (key in RELATIONS) {
      const ids = idsOf(condition);
      if (ids) parsed[RELATIONS[key as keyof typeof RELATIONS]] = ids;
      else parsed.unknown.push(key);
    } else if (key in ATTRIBUTES) {
      const values = valuesOf(condition);
      if (values) parsed[ATTRIBUTES[key as keyof typeof ATTRIBUTES]] = values.map(String);
      else parsed.unknown.push(key);
    } else if (key === 'applys' && isRecord(condition)) {
      for (const [part, value] of Object.entries(condition)) {
        const ids = part === 'project' ? idsOf(value) : null;
        const statuses = part === 'status' ? valuesOf(value) : null;
        if (ids) parsed.projects = ids;
        else if (statuses) parsed.applicationStatuses = statuses.map(String);
        else parsed.unknown.push(`applys.${part}`);
      }
    } else if (key === 'user' && isRecord(condition) && Object.keys(condition).length === 1) {
      const emails = valuesOf(condition.email);
      if (emails) parsed.emails = emails.map(String);
      else parsed.unknown.push(key);
    } else {
      parsed.unknown.push(key);
    }
  }
  return parsed;
}
