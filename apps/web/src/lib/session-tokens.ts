import Cookies from 'js-cookie';
import { REMEMBER_ME_DAYS } from '@plataforma/shared';

/**
 * Where the browser keeps the session (spec §4 Session): the access token in a cookie named
 * `token`, next to it the refresh token (ADR 0008) and the remember-me flag. With remember-me all
 * three last 30 days (spec §9); without it they are session cookies that end with the browser.
 * SameSite=Lax, and Secure whenever the page is served over HTTPS.
 */

export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refreshToken';
export const REMEMBER_COOKIE = 'rememberMe';

export interface SessionTokens {
  jwt: string;
  /** Absent from answers that do not open a session of their own. */
  refreshToken?: string;
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

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_COOKIE) || undefined;
}

/** Whether the current session was opened with "remember me". */
export function isRemembered(): boolean {
  return Cookies.get(REMEMBER_COOKIE) === 'true';
}

/** Stores a freshly opened session (login, reset or change password, sign-in link). */
export function saveSession(tokens: SessionTokens, remember: boolean): void {
  const options = attributes(remember);
  Cookies.set(TOKEN_COOKIE, tokens.jwt, options);
  if (tokens.refreshToken) Cookies.set(REFRESH_COOKIE, tokens.refreshToken, options);
  if (remember) Cookies.set(REMEMBER_COOKIE, 'true', options);
  else Cookies.remove(REMEMBER_COOKIE, { path: '/' });
  notify();
}

/** Replaces the tokens after a refresh, keeping the session's remember-me choice. */
export function replaceTokens(tokens: SessionTokens): void {
  saveSession(tokens, isRemembered());
}

/** Spec §4: logout clears the token and remember-me cookies (and the refresh token with them). */
export function clearSession(): void {
  for (const name of [TOKEN_COOKIE, REFRESH_COOKIE, REMEMBER_COOKIE]) {
    Cookies.remove(name, { path: '/' });
  }
  notify();
}
