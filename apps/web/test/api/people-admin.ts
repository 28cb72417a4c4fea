import type { PeopleImport, PeopleImportAnswer, PeopleImportKind } from '@plataforma/shared';

/**
 * Records of the admins' people lists as the generic routes answer them (docs/api.md), with
 * what the lists populate: the account's name, surname and email, the university, the degree,
 * the organisation, the count of an organisation's coordinators.
 */

interface Named {
  id: number;
  name: string;
}

const one = (value: Named | null | undefined) =>
  value ? { data: { id: value.id, attributes: { name: value.name } } } : { data: null };

const user = (id: number, name: string, surname: string, email: string) => ({
  data: { id: 1000 + id, attributes: { name, surname, email } },
});

export function studentEntry(
  id: number,
  {
    name,
    surname,
    email,
    primaryKey = `E${String(id).padStart(4, '0')}`,
    university,
    degree,
    thesis_stage = 'doing',
    validated = false,
    published = true,
  }: {
    name: string;
    surname: string;
    email: string;
    primaryKey?: string;
    university?: Named;
    degree?: Named;
    thesis_stage?: string | null;
    validated?: boolean;
    published?: boolean;
  },
) {
  return {
    id,
    attributes: {
      primaryKey,
      thesis_stage,
      validated,
      publishedAt: published ? '2026-10-01T09:00:00.000Z' : null,
      createdAt: '2026-09-01T09:00:00.000Z',
      other_university: null,
      other_degree: null,
      user: user(id, name, surname, email),
      university: one(university),
      degree: one(degree),
    },
  };
}

export function teacherEntry(
  id: number,
  {
    name,
    surname,
    email,
    university,
    teacher_area = null,
    published = true,
  }: {
    name: string;
    surname: string;
    email: string;
    university?: Named;
    teacher_area?: string | null;
    published?: boolean;
  },
) {
  return {
    id,
    attributes: {
      primaryKey: `P${String(id).padStart(4, '0')}`,
      teacher_area,
      class_type: 'Grado',
      invited: false,
      publishedAt: published ? '2026-10-01T09:00:00.000Z' : null,
      createdAt: '2026-09-01T09:00:00.000Z',
      user: user(id, name, surname, email),
      university: one(university),
    },
  };
}

export function organizationEntry(
  id: number,
  name: string,
  {
    contact_mail = null,
    contact_name = null,
    sector = null,
    coordinators = 0,
  }: {
    contact_mail?: string | null;
    contact_name?: string | null;
    sector?: string | null;
    coordinators?: number;
  } = {},
) {
  return {
    id,
    attributes: {
      name,
      type: 'Empresa',
      sector,
      location: 'Murcia',
      web: null,
      contact_name,
      contact_mail,
      contact_phone: null,
      coordinators: { data: { attributes: { count: coordinators } } },
    },
  };
}

export function coordinatorEntry(
  id: number,
  {
    name,
    surname,
    email,
    organization,
    job_position = null,
  }: {
    name: string;
    surname: string;
    email: string;
    organization?: Named;
    job_position?: string | null;
  },
) {
  return {
    id,
    attributes: {
      job_position,
      createdAt: '2026-09-01T09:00:00.000Z',
      user: user(id, name, surname, email),
      organization: one(organization),
    },
  };
}

/** A choice list (`fields[0]=name`). */
export const names = (entries: Named[]) => ({
  data: entries.map(({ id, name }) => ({ id, attributes: { name } })),
  meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: entries.length } },
});

/* Loading people from a file (ADR 0048): `POST /api/imports/<kind>` and `GET /api/imports/:id`. */

/** An import of people as `POST /api/imports/<kind>` (202) and `GET /api/imports/:id` answer it. */
export function peopleImport(
  id: number,
  kind: PeopleImportKind,
  extra: Partial<Omit<PeopleImport, 'id' | 'kind'>> = {},
): PeopleImportAnswer {
  return {
    data: {
      id,
      kind,
      mode: 'create',
      status: 'queued',
      fileName: 'personas.csv',
      total: 0,
      processed: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      failures: [],
      error: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      finishedAt: null,
      ...extra,
    },
  };
}

/**
 * `GET /api/imports/:id` following an import: each read answers the next of `states`, the last
 * one from then on (the job's progress as the page polls it).
 */
export function importStates(states: PeopleImportAnswer[]) {
  let reads = 0;
  return () => {
    const state = states[Math.min(reads, states.length - 1)]!;
    reads += 1;
    return state;
  };
}
