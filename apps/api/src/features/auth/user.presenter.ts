import type { PublicUser } from '@plataforma/shared';
import type { users } from '../../db/schema';

export type { PublicUser };

type UserRow = typeof users.$inferSelect;

/** Lists every field that leaves the server, so a new column can never leak by accident. */
export function presentUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    profileType: user.profileType,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
