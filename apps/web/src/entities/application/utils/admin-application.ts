import type { ApplicationStatus } from '@plataforma/shared';
import type { Relation } from '../../project/types';
import type { AdminApplication } from '../types';

type Related<T> = Relation<T>;
type Named = Related<{ name: string | null }>;
type PersonAttributes = { name: string | null; surname: string | null; email?: string | null };

/** An application as the admin calls read it (Strapi v4, populated as in {@link ENTRY_PARAMS}). */
export interface ApplyEntry {
  id: number;
  attributes: {
    status: ApplicationStatus;
    createdAt: string;
    student?: Related<{ user?: Related<PersonAttributes>; university?: Named; degree?: Named }>;
    project?: Related<{ title: string; organization?: Named }>;
    tutorAsigned?: Related<{ user?: Related<PersonAttributes> }>;
  };
}

/**
 * Fields and populate of an application in the admin lists: the student (name, email,
 * university, degree), the project and its organisation, the assigned tutor.
 */
export const ENTRY_PARAMS: [string, string][] = [
  ['fields[0]', 'status'],
  ['fields[1]', 'createdAt'],
  ['populate[student][fields][0]', 'primaryKey'],
  ['populate[student][populate][user][fields][0]', 'name'],
  ['populate[student][populate][user][fields][1]', 'surname'],
  ['populate[student][populate][user][fields][2]', 'email'],
  ['populate[student][populate][university][fields][0]', 'name'],
  ['populate[student][populate][degree][fields][0]', 'name'],
  ['populate[project][fields][0]', 'title'],
  ['populate[project][populate][organization][fields][0]', 'name'],
  ['populate[tutorAsigned][fields][0]', 'primaryKey'],
  ['populate[tutorAsigned][populate][user][fields][0]', 'name'],
  ['populate[tutorAsigned][populate][user][fields][1]', 'surname'],
];

export function fullName(person: PersonAttributes | undefined): string | null {
  const name = [person?.name, person?.surname].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/** Flattens a Strapi application into what the tables show. */
export function toAdminApplication({ id, attributes: a }: ApplyEntry): AdminApplication {
  const student = a.student?.data;
  const user = student?.attributes.user?.data?.attributes;
  const project = a.project?.data;
  const tutor = a.tutorAsigned?.data;
  return {
    id,
    status: a.status,
    createdAt: a.createdAt,
    studentId: student?.id ?? null,
    studentName: fullName(user),
    studentEmail: user?.email ?? null,
    university: student?.attributes.university?.data?.attributes.name ?? null,
    degree: student?.attributes.degree?.data?.attributes.name ?? null,
    projectId: project?.id ?? null,
    projectTitle: project?.attributes.title ?? null,
    organization: project?.attributes.organization?.data?.attributes.name ?? null,
    tutor: tutor ? { id: tutor.id, name: fullName(tutor.attributes.user?.data?.attributes) } : null,
  };
}
