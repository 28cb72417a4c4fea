import { COORDINATOR_PROJECTS_PATH } from '@plataforma/shared';
import type { ProfileType } from '@plataforma/shared';

/** Query parameter of the login page that holds where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';
export const LOGIN_PATH = '/user/auth/login';
/** The administration home (ADR 0066). */
export const ADMIN_HOME_PATH = '/admin';

/**
 * The stored target if it is a path of this site; anything else (absolute URLs, `//host`,
 * `/\host`, schemes) is ignored, so a crafted login link cannot send the user elsewhere.
 */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return null;
  }
  // Resolving against a dummy origin catches the tricks browsers normalise (tabs, backslashes).
  const url = new URL(target, 'https://example.invalid');
  if (url.origin !== 'https://example.invalid') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Spec §2 Auth redirects: where each profile lands after signing in without a stored target. An
 * admin lands on the administration home, `/admin` (the area spec §2 names for the role), rather
 * than on the public home the spec says: ADR 0066.
 */
export function homeFor(profileType: ProfileType | null | undefined): string {
  switch (profileType) {
    case 'student':
    case 'teacher':
      return '/projects';
    case 'coordinator':
      return COORDINATOR_PROJECTS_PATH;
    case 'admin':
      return ADMIN_HOME_PATH;
    default:
      return '/';
  }
}

/** The login page that returns to `target` afterwards. */
export function loginPathReturningTo(target: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
}
