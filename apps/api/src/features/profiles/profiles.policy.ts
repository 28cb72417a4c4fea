import { hasRole, isAdmin, type Actor } from '../../lib/strapi/actor';
import type { AccessPolicy, Scope } from '../../lib/strapi/types';

const ownRecord =
  (role: 'student' | 'teacher' | 'coordinator') =>
  (actor: Actor): Scope =>
    isAdmin(actor)
      ? true
      : hasRole(actor, role) && actor.kind === 'user'
        ? { user: { id: actor.userId } }
        : false;

const admin = (actor: Actor) => isAdmin(actor);

/** Students: admins manage them; a student reads their own record, protected data included. */
export const studentPolicy: AccessPolicy = {
  find: ownRecord('student'),
  protectedScope: ownRecord('student'),
  create: admin,
  update: admin,
  delete: admin,
};

export const teacherPolicy: AccessPolicy = {
  find: ownRecord('teacher'),
  protectedScope: ownRecord('teacher'),
  create: admin,
  update: admin,
  delete: admin,
};

export const coordinatorPolicy: AccessPolicy = {
  find: ownRecord('coordinator'),
  protectedScope: ownRecord('coordinator'),
  create: admin,
  update: admin,
  delete: admin,
};
