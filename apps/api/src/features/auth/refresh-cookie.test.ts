import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { bearerOf, call, type Sent } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, TEST_PASSWORD } from '../../../test/helpers/factories';
import { REFRESH_TTL_MS } from './auth.common';

/* The refresh token as an HttpOnly cookie the API sets (ADR 0055). */

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

/** What a same-origin fetch of the web sends along. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' };

function setCookies(res: Sent): string[] {
  const header = res.headers['set-cookie'] as string | string[] | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The `refreshToken` Set-Cookie of an answer, split into its value and attributes. */
function refreshCookie(res: Sent) {
  const line = setCookies(res).find((c) => c.startsWith('refreshToken='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const attrs = new Map(
    attributes.map((a) => {
      const [name, value = ''] = a.split('=');
      return [name!.toLowerCase(), value] as const;
    }),
  );
  return { value: decodeURIComponent(pair!.slice('refreshToken='.length)), attrs };
}

const login = (identifier: string, payload: Record<string, unknown> = {}) =>
  call(app, 'POST', '/api/auth/local', {
    payload: { identifier, password: TEST_PASSWORD, ...payload },
  });

const refreshByCookie = (token: string, headers: Record<string, string> = SAME_ORIGIN) =>
  call(app, 'POST', '/auth', { headers: { cookie: `refreshToken=${token}`, ...headers } });

describe('the refresh cookie a session sets', () => {
  it('when someone signs in, the refresh token comes as an HttpOnly, SameSite=Strict cookie scoped to /auth, and in the JSON body for API clients', async () => {
    const user = await createUser();
    const res = await login(user.email);
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).toEqual(expect.any(String));
    const cookie = refreshCookie(res);
    expect(cookie?.value).toBe(res.body.refreshToken);
    expect(cookie?.attrs.has('httponly')).toBe(true);
    expect(cookie?.attrs.get('samesite')).toBe('Strict');
    expect(cookie?.attrs.get('path')).toBe('/auth');
    // PUBLIC_URL of the tests is http: a Secure cookie would never come back.
    expect(cookie?.attrs.has('secure')).toBe(false);
  });

  it('when the session is not remembered, the cookie is a session cookie; with remember it lasts the 30 days of the refresh token', async () => {
    const user = await createUser();
    expect(refreshCookie(await login(user.email))?.attrs.has('max-age')).toBe(false);
    const remembered = refreshCookie(await login(user.email, { remember: true }));
    const maxAge = Number(remembered?.attrs.get('max-age'));
    expect(maxAge).toBeGreaterThan(REFRESH_TTL_MS / 1000 - 60);
    expect(maxAge).toBeLessThanOrEqual(REFRESH_TTL_MS / 1000);
  });

  it('when PUBLIC_URL is https, the cookie is Secure', async () => {
    const { db } = await getTestDatabase();
    const secure = await buildApp({
      config: { ...TEST_CONFIG, publicUrl: 'https://impacto.um.es' },
      db,
      logger: false,
    });
    try {
      const user = await createUser();
      const res = await call(secure, 'POST', '/api/auth/local', {
        payload: { identifier: user.email, password: TEST_PASSWORD },
      });
      expect(refreshCookie(res)?.attrs.has('secure')).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('when the password is changed, the new session replaces the cookie, remembered as the rememberMe cookie says', async () => {
    const user = await createUser();
    const session = await login(user.email);
    const res = await call(app, 'POST', '/api/auth/change-password', {
      payload: {
        currentPassword: TEST_PASSWORD,
        password: 'Otra-clave-larga-2026',
        passwordConfirmation: 'Otra-clave-larga-2026',
      },
      headers: { ...bearerOf(session.body.jwt), cookie: 'rememberMe=true' },
    });
    expect(res.status).toBe(200);
    const cookie = refreshCookie(res);
    expect(cookie?.value).toBe(res.body.refreshToken);
    expect(Number(cookie?.attrs.get('max-age'))).toBeGreaterThan(0);
  });
});

describe('POST /auth with the refresh cookie', () => {
  it('when the web refreshes with the cookie, the answer is the jwt only and the new refresh token comes only as a cookie', async () => {
    const user = await createUser();
    const session = await login(user.email);
    const res = await refreshByCookie(session.body.refreshToken ?? '');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['jwt']);
    const cookie = refreshCookie(res);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.value).not.toBe(session.body.refreshToken);
    expect(cookie?.attrs.get('path')).toBe('/auth');
    // The rotated cookie works in turn; the spent one does not.
    expect((await refreshByCookie(cookie?.value ?? '')).status).toBe(200);
    expect((await refreshByCookie(session.body.refreshToken ?? '')).status).toBe(401);
  });

  it('when the session is remembered (rememberMe cookie), the rotated cookie keeps the expiry of the refresh token', async () => {
    const user = await createUser();
    const session = await login(user.email, { remember: true });
    const res = await call(app, 'POST', '/auth', {
      headers: {
        ...SAME_ORIGIN,
        cookie: `rememberMe=true; refreshToken=${session.body.refreshToken}`,
      },
    });
    expect(res.status).toBe(200);
    expect(Number(refreshCookie(res)?.attrs.get('max-age'))).toBeGreaterThan(
      REFRESH_TTL_MS / 1000 - 60,
    );
  });

  it('when the cookie is refused, the answer is 401 and the cookie is dropped', async () => {
    const res = await refreshByCookie('inventado');
    expect(res.status).toBe(401);
    expect(refreshCookie(res)?.attrs.get('max-age')).toBe('0');
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://malicioso.example' }],
    [
      'a sibling of the same site',
      { 'sec-fetch-site': 'same-site', origin: 'http://otro.localhost:3000' },
    ],
    ['an old browser from another origin', { origin: 'https://malicioso.example' }],
  ])(
    'when a page of %s calls it with the cookie, the answer is 403 and the token is not spent',
    async (_case, headers) => {
      const user = await createUser();
      const session = await login(user.email);
      const forged = await refreshByCookie(session.body.refreshToken ?? '', headers);
      expect(forged.status).toBe(403);
      expect(forged.body.error?.name).toBe('ForbiddenError');
      expect((await refreshByCookie(session.body.refreshToken ?? '')).status).toBe(200);
    },
  );

  it('when an API client sends the token in the body, the answer still carries the new refresh token', async () => {
    const user = await createUser();
    const session = await login(user.email);
    const res = await call(app, 'POST', '/auth', {
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['jwt', 'refreshToken']);
    expect(refreshCookie(res)?.value).toBe(res.body.refreshToken);
  });
});

describe('signing out with the refresh cookie', () => {
  it('when the web signs out at POST /auth/logout, the refresh token stops working and the cookie is dropped', async () => {
    const user = await createUser();
    const session = await login(user.email);
    const res = await call(app, 'POST', '/auth/logout', {
      headers: { ...SAME_ORIGIN, cookie: `refreshToken=${session.body.refreshToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(refreshCookie(res)?.attrs.get('max-age')).toBe('0');
    expect(refreshCookie(res)?.attrs.get('path')).toBe('/auth');
    expect((await refreshByCookie(session.body.refreshToken ?? '')).status).toBe(401);
  });

  it('when an API client signs out at /api/auth/logout, the cookie is dropped too', async () => {
    const user = await createUser();
    const session = await login(user.email);
    const res = await call(app, 'POST', '/api/auth/logout', {
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(refreshCookie(res)?.attrs.get('max-age')).toBe('0');
  });
});
