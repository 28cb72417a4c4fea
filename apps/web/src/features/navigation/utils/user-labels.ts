import type { MenuUser } from '../types';

/** The name the header shows: the first name, or the username for accounts without one. */
export function shortName(user: MenuUser): string {
  return user.name?.trim() || user.username || user.email;
}

/** Name and surname, for the profile menu and the side menu. */
export function fullName(user: MenuUser): string {
  const parts = [user.name, user.surname].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : user.username || user.email;
}

/** Up to two initials (name and surname) for the avatar of a user without a picture. */
export function userInitials(user: MenuUser): string {
  const letters = [user.name, user.surname]
    .map((part) => part?.trim().charAt(0))
    .filter((letter): letter is string => Boolean(letter));
  const picked = letters.length > 0 ? letters : [(user.username || user.email).charAt(0)];
  return picked.join('').toLocaleUpperCase('es');
}
