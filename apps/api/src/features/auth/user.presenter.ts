import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** A user as users-permissions answers it to its owner (flat, no password or codes). */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  name: string | null;
  surname: string | null;
  phone: string | null;
  profileType: string | null;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
}

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
