import { hasRole, isAdmin, type Actor } from '../../lib/strapi/actor';
import type { AccessPolicy, Scope } from '../../lib/strapi/types';

/** A student's own entries. */
const ownEntries = (actor: Actor): Scope =>
  isAdmin(actor)
    ? true
    : hasRole(actor, 'student') && actor.kind === 'user'
      ? { student: { user: { id: actor.userId } } }
      : false;

/**
 * Communication centre: admins send and manage entries; a student reads their own and may only
 * mark them read (spec §4 Notification: opening one marks it read).
 */
export const communicationCenterPolicy: AccessPolicy = {
  find: ownEntries,
  update: ownEntries,
  canWrite: (actor, { data }) =>
    isAdmin(actor) || Object.keys(data).every((key) => key === 'isRead'),
  create: (actor) => isAdmin(actor),
  delete: (actor) => isAdmin(actor),
};
