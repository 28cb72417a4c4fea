import { isAdmin, type Actor } from './actor';
import type { AccessPolicy, Scope } from './types';

const admin = (actor: Actor) => isAdmin(actor);

/** Only admins read and write (every other type starts from here: default deny). */
export const adminOnly: AccessPolicy = {
  find: admin,
  create: admin,
  update: admin,
  delete: admin,
  protectedScope: admin,
};

/** Public content: anyone reads, admins write. */
export const publicRead: AccessPolicy = { ...adminOnly, find: () => true };

/** Draft/publish content: anyone reads what is published, admins also drafts. */
export const publishedRead: AccessPolicy = {
  ...adminOnly,
  find: (actor): Scope => (isAdmin(actor) ? true : { publishedAt: { $notNull: true } }),
};
