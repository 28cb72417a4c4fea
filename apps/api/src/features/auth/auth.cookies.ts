import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/*
 * The refresh token as a cookie the API sets itself (ADR 0055): out of reach of the page's scripts
 * (HttpOnly), sent only to the two calls that need it (Path=/auth: `POST /auth` and
 * `POST /auth/logout`), never on a request another site starts (SameSite=Strict, and the Origin /
 * Sec-Fetch-Site check below). The access token stays in the `token` cookie the web sets
 * (spec §4 Session); API clients keep sending the refresh token in the JSON body.
 */

export const REFRESH_COOKIE = 'refreshToken';
/** The refresh route's path: the cookie goes to `/auth` and `/auth/...` only. */
export const REFRESH_COOKIE_PATH = '/auth';
/** The web's own remember-me cookie (spec §4 Session), script-set, readable here (Path=/). */
export const REMEMBER_COOKIE = 'rememberMe';

/** The cookies of a request (RFC 6265 §5.4; the first of two same-named cookies wins). */
export function requestCookies(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** The refresh token the browser sent as a cookie, if any. */
export function refreshTokenCookie(request: FastifyRequest): string | undefined {
  return requestCookies(request).get(REFRESH_COOKIE) || undefined;
}

/** Whether the web's remember-me cookie says this session is remembered (spec §4, §9). */
export function isRememberedByCookie(request: FastifyRequest): boolean {
  return requestCookies(request).get(REMEMBER_COOKIE) === 'true';
}

interface CookieOptions {
  publicUrl: string;
  /** Seconds the cookie lives; undefined: a session cookie, gone when the browser closes. */
  maxAgeSeconds?: number;
}

function serialise(value: string, { publicUrl, maxAgeSeconds }: CookieOptions): string {
  const parts = [
    `${REFRESH_COOKIE}=${encodeURIComponent(value)}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  // Over plain HTTP (development, tests) a Secure cookie would never come back.
  if (publicUrl.startsWith('https:')) parts.push('Secure');
  return parts.join('; ');
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [`${previous}`];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${REFRESH_COOKIE}=`)), cookie]);
}

/**
 * Sets the refresh cookie: persistent until the refresh token expires when the session is
 * remembered, a session cookie otherwise (spec §4 Session: as the `token` cookie).
 */
export function setRefreshCookie(
  reply: FastifyReply,
  publicUrl: string,
  refreshToken: string,
  session: { remember: boolean; expiresAt: Date },
): void {
  const maxAgeSeconds = session.remember
    ? Math.max(1, (session.expiresAt.getTime() - Date.now()) / 1000)
    : undefined;
  appendSetCookie(reply, serialise(refreshToken, { publicUrl, maxAgeSeconds }));
}

/** Tells the browser to drop the refresh cookie. */
export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  appendSetCookie(reply, serialise('', { publicUrl, maxAgeSeconds: 0 }));
}

/**
 * A call authenticated by the refresh cookie must come from the web itself, never from a page of
 * another site (cross-site request forgery). SameSite=Strict already keeps the cookie off
 * cross-site requests; this also refuses same-site but cross-origin ones (a sibling subdomain) and
 * browsers that ignore SameSite. `Sec-Fetch-Site` (every current browser) must be `same-origin`;
 * without it, `Origin` must be the platform's own (PUBLIC_URL). A request carrying neither is not
 * a browser's (browsers send `Origin` on every POST), so there is no page to forge it.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin') return;
    throw crossSite();
  }
  const origin = request.headers.origin;
  if (origin === undefined || origin === new URL(publicUrl).origin) return;
  throw crossSite();
}

const crossSite = () =>
  new AppError('FORBIDDEN', 'The refresh cookie is only accepted from the platform itself');
