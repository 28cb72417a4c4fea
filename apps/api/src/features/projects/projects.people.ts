import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { coordinators, teachers, users } from '../../db/schema';
import type { Actor } from '../../lib/strapi/actor';
import type { FilterObject, Scope } from '../../lib/strapi/types';
import type { Transaction } from '../../db/handles';

/**
 * "The people of a project", defined once (ADRs 0012, 0024, 0025). A project is published by its
 * teacher, or by its coordinator and the coordinators of its organisation; these filters are
 * Strapi filter objects, so the access table, the custom reads (`entities.where`) and the
 * communication calls compile the same rule into their SQL. Who is told about a project is a
 * different question with two answers, each named for what it is for.
 */

const userIs = (userId: number): FilterObject => ({ user: { id: userId } });

/** Projects a teacher publishes: those they are the teacher of. */
export const publishedByTeacher = (userId: number): FilterObject => ({ teacher: userIs(userId) });

/** Projects a coordinator publishes: their organisation's, and those they published themselves. */
export const publishedByCoordinator = (userId: number): FilterObject => ({
  $or: [{ organization: { coordinators: userIs(userId) } }, { coordinator: userIs(userId) }],
});

/** Projects a user publishes whatever their role (a teacher's, a coordinator's). */
export const publishedByUser = (userId: number): FilterObject => ({
  $or: [publishedByTeacher(userId), publishedByCoordinator(userId)],
});

/** The projects the actor publishes by their role: an admin every one, others none. */
export function projectsPublishedBy(actor: Actor): Scope {
  if (actor.kind !== 'user') return false;
  switch (actor.role) {
    case 'admin':
      return true;
    case 'teacher':
      return publishedByTeacher(actor.userId);
    case 'coordinator':
      return publishedByCoordinator(actor.userId);
    default:
      return false;
  }
}

/** Who holds a project (the ids its row points to). */
export interface ProjectHolders {
  teacherId: number | null;
  coordinatorId: number | null;
  organizationId: number | null;
}

export interface ProjectPerson {
  userId: number;
  email: string;
  name: string | null;
  surname: string | null;
  phone: string | null;
  profileType: string | null;
}

const PERSON = {
  userId: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phone: users.phone,
  profileType: users.profileType,
};

async function peopleWhere(tx: Transaction, conditions: SQL[]): Promise<ProjectPerson[]> {
  if (conditions.length === 0) return [];
  const people = await tx
    .select(PERSON)
    .from(users)
    .where(and(or(...conditions), eq(users.blocked, false)))
    .orderBy(users.id);
  // One person may hold a project twice (its coordinator and one of its organisation's): one
  // message each address.
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = person.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const teacherUser = (tx: Transaction, teacherId: number) =>
  inArray(
    users.id,
    tx.select({ id: teachers.userId }).from(teachers).where(eq(teachers.id, teacherId)),
  );
const coordinatorUser = (tx: Transaction, coordinatorId: number) =>
  inArray(
    users.id,
    tx
      .select({ id: coordinators.userId })
      .from(coordinators)
      .where(eq(coordinators.id, coordinatorId)),
  );
const organizationUsers = (tx: Transaction, organizationId: number) =>
  inArray(
    users.id,
    tx
      .select({ id: coordinators.userId })
      .from(coordinators)
      .where(eq(coordinators.organizationId, organizationId)),
  );

/**
 * Who is told about an admin's decision on a project (spec §7 confirmProject): the person who
 * published it, its teacher and its coordinator, or, for a project nobody in particular
 * published, its organisation's coordinators. Not blocked, each address once.
 */
export function publishersToNotify(tx: Transaction, project: ProjectHolders) {
  const conditions: SQL[] = [];
  if (project.teacherId !== null) conditions.push(teacherUser(tx, project.teacherId));
  if (project.coordinatorId !== null) {
    conditions.push(coordinatorUser(tx, project.coordinatorId));
  } else if (project.teacherId === null && project.organizationId !== null) {
    conditions.push(organizationUsers(tx, project.organizationId));
  }
  return peopleWhere(tx, conditions);
}

/**
 * Who reviews the applications to a project and is told about them (ADR 0025): its teacher, its
 * coordinator and every coordinator of its organisation. Not blocked, each address once.
 */
export function reviewersToNotify(tx: Transaction, project: ProjectHolders) {
  const conditions: SQL[] = [];
  if (project.organizationId !== null)
    conditions.push(organizationUsers(tx, project.organizationId));
  if (project.coordinatorId !== null) conditions.push(coordinatorUser(tx, project.coordinatorId));
  if (project.teacherId !== null) conditions.push(teacherUser(tx, project.teacherId));
  return peopleWhere(tx, conditions);
}
