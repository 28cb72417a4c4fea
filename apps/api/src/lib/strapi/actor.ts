import type { ProfileType } from '@plataforma/shared';

/**
 * Who makes a request. Visitors carry no identity; users carry their id and role (their profile
 * type, or `authenticated` before they chose one).
 */
export type Actor =
  { kind: 'visitor' } | { kind: 'user'; userId: number; role: ProfileType | 'authenticated' };

export const VISITOR: Actor = { kind: 'visitor' };

/** The server acting on its own behalf (seeders, services after their own checks). */
export const SYSTEM = Symbol('system');
export type Principal = Actor | typeof SYSTEM;

/** The role a policy reads: a visitor, or a user's profile type (`authenticated` before one). */
export type Role = 'visitor' | Extract<Actor, { kind: 'user' }>['role'];
export const roleOf = (actor: Actor): Role => (actor.kind === 'visitor' ? 'visitor' : actor.role);

export const isAdmin = (actor: Actor) => actor.kind === 'user' && actor.role === 'admin';
export const hasRole = (actor: Actor, role: ProfileType) =>
  actor.kind === 'user' && actor.role === role;
