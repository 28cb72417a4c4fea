import { eq, sql } from 'drizzle-orm';
import {
  applys,
  degrees,
  organizations,
  projects,
  students,
  users,
  type NotificationPreferences,
} from '../../db/schema';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/handles';

/*
 * "An application with its people", defined once (ADR 0025), as projects.people.ts defines the
 * people of a project: the application's row, its student and the student's user, its project
 * with the ids of the project's people (teacher, coordinator, organisation) and the organisation's
 * name, and the student's degree. The lifecycle's notices, the communication calls and the teacher
 * dashboard read applications through it, so they join them the same way. An application kept
 * after its student deleted their account (ADR 0054) has no student, so it is not one of these.
 */

/** The student's degree: the catalogue's, else the one they typed. */
export const studentDegree = sql<
  string | null
>`coalesce(${degrees.name}, ${students.other_degree})`;

/** Everything the messages and checks of one application need. */
export interface ApplicationFacts {
  id: number;
  status: string;
  statusMessage: string | null;
  interest: string | null;
  motivation: string | null;
  goodCandidate: string | null;
  projectId: number;
  projectTitle: string;
  projectTeacherId: number | null;
  projectCoordinatorId: number | null;
  organizationId: number | null;
  organizationName: string | null;
  tutorAsignedId: number | null;
  studentId: number;
  studentUserId: number;
  studentEmail: string;
  studentName: string | null;
  studentSurname: string | null;
  studentPhone: string | null;
  studentBlocked: boolean;
  studentProvince: string | null;
  studentDegree: string | null;
  notification: NotificationPreferences | null;
}

/** The columns of `ApplicationFacts`, for `applicationWithPeople`. */
export const APPLICATION_FACTS = {
  id: applys.id,
  status: applys.status,
  statusMessage: applys.status_message,
  interest: applys.interest,
  motivation: applys.motivation,
  goodCandidate: applys.good_candidate,
  projectId: projects.id,
  projectTitle: projects.title,
  projectTeacherId: projects.teacherId,
  projectCoordinatorId: projects.coordinatorId,
  organizationId: projects.organizationId,
  organizationName: organizations.name,
  tutorAsignedId: applys.tutorAsignedId,
  studentId: students.id,
  studentUserId: users.id,
  studentEmail: users.email,
  studentName: users.name,
  studentSurname: users.surname,
  studentPhone: users.phone,
  studentBlocked: users.blocked,
  studentProvince: students.province,
  studentDegree,
  notification: students.notification,
} satisfies SelectedFields;

/** The joins of an application to its people, whatever a caller selects. */
function joinPeople(db: Queryable, fields: SelectedFields) {
  return db
    .select(fields)
    .from(applys)
    .innerJoin(students, eq(students.id, applys.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(projects, eq(projects.id, applys.projectId))
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(degrees, eq(degrees.id, students.degreeId))
    .$dynamic();
}

/** Which of the joined tables may be missing from a row (a project without organisation…). */
type PeopleNullability = ReturnType<typeof joinPeople>['_']['nullabilityMap'];

/** A query of applications with their people selecting `T`, open to more joins and clauses. */
export type ApplicationsWithPeople<T extends SelectedFields> = PgSelectBase<
  'applys',
  T,
  'partial',
  PeopleNullability,
  true
>;

/**
 * The applications with their people, selecting `fields` (columns of `applys`, `students`,
 * `users` (the student's user), `projects`, `organizations` and `degrees`, or
 * `APPLICATION_FACTS`). Callers add their where, order and limit, and may join more (a
 * university, the project's progress). Drizzle cannot type joins over a generic selection, so the
 * one query is typed here for the caller's `fields`, as it would be written out.
 */
export function applicationWithPeople<T extends SelectedFields>(
  db: Queryable,
  fields: T,
): ApplicationsWithPeople<T> {
  return joinPeople(db, fields) as unknown as ApplicationsWithPeople<T>;
}

/** The application with its people (read with the caller's handle), or undefined. */
export async function applicationFacts(
  db: Queryable,
  id: number,
): Promise<ApplicationFacts | undefined> {
  const [row] = await applicationWithPeople(db, APPLICATION_FACTS)
    .where(eq(applys.id, id))
    .limit(1);
  return row;
}
