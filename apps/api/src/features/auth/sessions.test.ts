import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createDecoder } from 'fast-jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';
import { getTestApp } from '../../../test/helpers/app';
import {
  bearerOf,
  call,
  emailsTo,
  linkIn,
  setTokenExpiry,
  setTokenUsedAt,
  tokensOf,
  uniqueEmail,
  userRow,
} from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, TEST_PASSWORD } from '../../../test/helpers/factories';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TTL_MS } from './auth.common';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const PUBLIC_URL = 'http://localhost:3000';
const decode = createDecoder();

const login = (identifier: string, password: string) =>
  call(app, 'POST', '/api/auth/local', { payload: { identifier, password } });
const refresh = (refreshToken: unknown, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/auth', { payload: { refreshToken }, headers });
const permissions = (jwt: string | undefined) =>
  call(app, 'GET', '/api/permissions/status', { headers: bearerOf(jwt) });

describe('login answer', () => {
  it('when login succeeds, the answer holds a 15-minute access token and a refresh token valid for 30 days', async () => {
    const user = await createUser();
    const before = Date.now();
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const claims = decode(res.body.jwt ?? '') as { id: number; iat: number; exp: number };
    expect(claims.id).toBe(user.id);
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(res.body.refreshToken).toMatch(/^[\w-]{43}$/);
    const [stored] = await tokensOf(user.id, 'refresh');
    expect(stored?.tokenHash).not.toBe(res.body.refreshToken);
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThanOrEqual(REFRESH_TTL_MS - 1000);
    expect(lifetime).toBeLessThanOrEqual(REFRESH_TTL_MS + 5000);
    expect((await userRow(user.email)).lastLogin).not.toBeNull();
  });

  it('when a stale bearer token is sent with the login, login still works', async () => {
    const user = await createUser();
    const res = await call(app, 'POST', '/api/auth/local', {
      payload: { identifier: user.email, password: TEST_PASSWORD },
      headers: { authorization: 'Bearer caducado' },
    });
    expect(res.status).toBe(200);
  });
});

describe('POST /auth {refreshToken}', () => {
  it('when the refresh token is valid, the answer is a new access token and a new refresh token; the old one is spent', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const res = await refresh(session.body.refreshToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['jwt', 'refreshToken']);
    expect(res.body.refreshToken).not.toBe(session.body.refreshToken);
    expect((decode(res.body.jwt ?? '') as { id: number }).id).toBe(user.id);
    expect((await permissions(res.body.jwt)).status).toBe(200);
    const next = await refresh(res.body.refreshToken);
    expect(next.status).toBe(200);
  });

  it('when the access token sent along has expired or is garbage, the refresh still works', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const res = await refresh(session.body.refreshToken, { authorization: 'Bearer expired.jwt.x' });
    expect(res.status).toBe(200);
  });

  it('when a rotated refresh token keeps the expiry of the first one, a session never outlives 30 days', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const [first] = await tokensOf(user.id, 'refresh');
    const rotated = await refresh(session.body.refreshToken);
    expect(rotated.status).toBe(200);
    const rows = await tokensOf(user.id, 'refresh');
    const fresh = rows.find((r) => r.usedAt === null);
    expect(fresh?.expiresAt.getTime()).toBe(first?.expiresAt.getTime());
  });

  it('when the refresh token has expired, the answer is 401', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    await setTokenExpiry(session.body.refreshToken ?? '', new Date(Date.now() - 1000));
    const res = await refresh(session.body.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      name: 'UnauthorizedError',
      message: 'Invalid refresh token',
    });
  });

  it('when a spent refresh token is presented again, every refresh token of the user is revoked and access tokens end', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const other = await login(user.email, TEST_PASSWORD);
    const rotated = await refresh(session.body.refreshToken);
    expect(rotated.status).toBe(200);
    // Past the grace time given to two tabs refreshing at once.
    await setTokenUsedAt(
      session.body.refreshToken ?? '',
      new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000),
    );
    const replay = await refresh(session.body.refreshToken);
    expect(replay.status).toBe(401);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await refresh(other.body.refreshToken)).status).toBe(401);
    expect(await tokensOf(user.id, 'refresh')).toHaveLength(0);
    expect((await permissions(rotated.body.jwt)).status).toBe(401);
    // The person signs in again and carries on.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await login(user.email, TEST_PASSWORD);
    expect((await permissions(again.body.jwt)).status).toBe(200);
  });

  it('when a spent refresh token is presented again within the grace time, only that request is refused', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const rotated = await refresh(session.body.refreshToken);
    const raced = await refresh(session.body.refreshToken);
    expect(raced.status).toBe(401);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(200);
  });

  it('when two requests spend the same refresh token at once, only one gets a new session', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const answers = await Promise.all([
      refresh(session.body.refreshToken),
      refresh(session.body.refreshToken),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('when the user has been blocked, the refresh token is refused', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const { db } = await getTestDatabase();
    await db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    expect((await refresh(session.body.refreshToken)).status).toBe(401);
  });

  it.each([
    ['an unknown token', { refreshToken: 'inventado' }, 401],
    ['a number', { refreshToken: 12 }, 400],
    ['an object', { refreshToken: { $ne: null } }, 400],
    ['nothing (and no cookie)', {}, 401],
  ])('when the body has %s, the answer is %i', async (_case, payload, status) => {
    const res = await call(app, 'POST', '/auth', { payload });
    expect(res.status).toBe(status);
  });
});

describe('POST /api/auth/logout', () => {
  it('when a session logs out, its refresh token stops working', async () => {
    const user = await createUser();
    const session = await login(user.email, TEST_PASSWORD);
    const res = await call(app, 'POST', '/api/auth/logout', {
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await refresh(session.body.refreshToken)).status).toBe(401);
  });
});

describe('sign-in link', () => {
  const requestLink = (userData: unknown) =>
    call(app, 'POST', '/auth/request-message', { payload: { userData } });
  const exchange = (token: unknown) =>
    call(app, 'POST', '/api/auth/login-link', { payload: { token } });
  async function linkTokenOf(email: string): Promise<string> {
    const mail = (await emailsTo(email)).filter((m) => m.template === 'login').at(-1);
    const link = linkIn(mail?.text ?? '', `${PUBLIC_URL}/user/auth/login?`);
    return link.searchParams.get('loginToken') ?? '';
  }

  it('when the account exists, a link to the web login page is queued, and exchanging it opens a session once', async () => {
    const user = await createUser();
    const res = await requestLink({ email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: user.email, sent: true });
    const token = await linkTokenOf(user.email);
    const session = await exchange(token);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: user.id });
    expect((await permissions(session.body.jwt)).status).toBe(200);
    expect((await refresh(session.body.refreshToken)).status).toBe(200);
    const again = await exchange(token);
    expect(again.status).toBe(400);
  });

  it('when userData is the email itself, the link is sent too', async () => {
    const user = await createUser();
    expect((await requestLink(user.email)).status).toBe(200);
    expect(await linkTokenOf(user.email)).toMatch(/^[\w-]{43}$/);
  });

  it('when the account does not exist, the answer is the same and nothing is queued', async () => {
    const email = uniqueEmail('nadie');
    const res = await requestLink({ email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, sent: true });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('when the link is older than 15 minutes, exchanging it is 400', async () => {
    const user = await createUser();
    await requestLink({ email: user.email });
    const token = await linkTokenOf(user.email);
    const [row] = await tokensOf(user.id, 'login');
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(15 * 60 * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
    await setTokenExpiry(token, new Date(Date.now() - 1000));
    const res = await exchange(token);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Invalid or expired sign-in link');
  });

  it('when a new link is asked, the earlier one stops working', async () => {
    const user = await createUser();
    await requestLink({ email: user.email });
    const first = await linkTokenOf(user.email);
    await requestLink({ email: user.email });
    expect((await exchange(first)).status).toBe(400);
    expect((await exchange(await linkTokenOf(user.email))).status).toBe(200);
  });

  it('when an unconfirmed account uses a link, it becomes confirmed', async () => {
    const user = await createUser({ confirmed: false });
    await requestLink({ email: user.email });
    expect((await exchange(await linkTokenOf(user.email))).status).toBe(200);
    expect((await userRow(user.email)).confirmed).toBe(true);
  });

  it('when the account was blocked after the link was sent, exchanging it is refused', async () => {
    const user = await createUser();
    await requestLink({ email: user.email });
    const { db } = await getTestDatabase();
    await db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    const res = await exchange(await linkTokenOf(user.email));
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/blocked/);
  });

  it.each([
    ['no userData', {}],
    ['userData without email', { userData: {} }],
    ['userData with another field', { userData: { email: 'a@b.es', role: 'admin' } }],
    ['a number', { userData: 5 }],
  ])('when the request has %s, the answer is 400', async (_case, payload) => {
    const res = await call(app, 'POST', '/auth/request-message', { payload });
    expect(res.status).toBe(400);
  });

  it.each([[{ token: ['a'] }], [{ token: 1 }], [{}]])(
    'when the exchange body is %j, the answer is 400',
    async (payload) => {
      const res = await call(app, 'POST', '/api/auth/login-link', { payload });
      expect(res.status).toBe(400);
    },
  );
});
