import Cookies from 'js-cookie';
import { REMEMBER_ME_DAYS } from '@plataforma/shared';

/**
 * Where the browser keeps the session (spec §4 Session): the access token in a cookie named
 * `token` and the remember-me flag. With remember-me both last 30 days (spec §9); without it they
 * are session cookies that end with the browser. SameSite=Lax, and Secure whenever the page is
 * served over HTTPS. The refresh token is not here: the API keeps it in an HttpOnly cookie of its
 * own that no script can read (ADR 0055), with the persistence the `rememberMe` cookie says.
 */

export const TOKEN_COOKIE = 'token';
export const REMEMBER_COOKIE = 'rememberMe';
/**
 * Where earlier versions of the web kept the refresh token, readable by scripts: read once to move
 * a session opened before ADR 0055 to the API's cookie, then removed.
 */
const LEGACY_REFRESH_COOKIE = 'refreshToken';

export interface SessionTokens {
  jwt: string;
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever this tab saves, replaces or clears the session, so React can follow the
 * cookie with `useSyncExternalStore(subscribeToSession, getToken)`. Returns the unsubscribe.
 */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function attributes(remember: boolean): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ...(remember ? { expires: REMEMBER_ME_DAYS } : {}),
  };
}

/** The access token, if the browser holds one. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/**
 * The refresh token an earlier version of the web left in a script-readable cookie, removed as it
 * is taken: the refresh that sends it gets the API's HttpOnly cookie in exchange (ADR 0055).
 */
export function takeLegacyRefreshToken(): string | undefined {
  const token = Cookies.get(LEGACY_REFRESH_COOKIE) || undefined;
  if (token) Cookies.remove(LEGACY_REFRESH_COOKIE, { path: '/' });
  return token;
}

/** Whether the current session was opened with "remember me". */
export function isRemembered(): boolean {
  return Cookies.get(REMEMBER_COOKIE) === 'true';
}

/** Stores a freshly opened session (login, reset or change password, sign-in link). */
export function saveSession(tokens: SessionTokens, remember: boolean): void {
  const options = attributes(remember);
  Cookies.set(TOKEN_COOKIE, tokens.jwt, options);
  if (remember) Cookies.set(REMEMBER_COOKIE, 'true', options);
  else Cookies.remove(REMEMBER_COOKIE, { path: '/' });
  notify();
}

/** Replaces the tokens after a refresh, keeping the session's remember-me choice. */
export function replaceTokens(tokens: SessionTokens): void {
  saveSession(tokens, isRemembered());
}

/**
 * Spec §4: logout clears the token and remember-me cookies. The API's refresh cookie is dropped by
 * the API (`POST /auth/logout`, or a refused refresh).
 */
export function clearSession(): void {
  for (const name of [TOKEN_COOKIE, LEGACY_REFRESH_COOKIE, REMEMBER_COOKIE]) {
    Cookies.remove(name, { path: '/' });
  }
  notify();
}
