import type { FastifyInstance } from 'fastify';
import { createSigner } from 'fast-jwt';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { uniqueIp } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, TEST_PASSWORD, unique } from '../../../test/helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

async function login(identifier: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier, password },
    remoteAddress: uniqueIp(),
  });
  return {
    status: res.statusCode,
    body: res.json<{
      jwt?: string;
      user?: Record<string, unknown>;
      error?: { message: string; details: Record<string, unknown> };
    }>(),
  };
}

describe('POST /api/auth/local', () => {
  it('when email (any case) or username and password are right, the answer is a jwt and the user without secrets', async () => {
    const user = await createUser({ profileType: 'student' });
    for (const identifier of [user.email.toUpperCase(), user.username]) {
      const { status, body } = await login(identifier, TEST_PASSWORD);
      expect(status).toBe(200);
      expect(body.jwt).toEqual(expect.any(String));
      expect(body.user).toMatchObject({ id: user.id, email: user.email, profileType: 'student' });
      expect(body.user).not.toHaveProperty('password');
      expect(body.user).not.toHaveProperty('resetPasswordToken');
    }
  });

  it('when the user is unknown or the password wrong, both answers are the same', async () => {
    const user = await createUser();
    const wrong = await login(user.email, 'otra contraseña');
    const unknown = await login(`${unique('nadie')}@test.es`, TEST_PASSWORD);
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe('Invalid identifier or password');
  });

  it('when the email is not confirmed, that is said only after a correct password', async () => {
    const user = await createUser({ confirmed: false });
    expect((await login(user.email, 'mala')).body.error).toMatchObject({
      message: 'Invalid identifier or password',
      details: { code: 'invalid_credentials' },
    });
    // The web tells this refusal apart by its code (docs/api.md "Error codes").
    expect((await login(user.email, TEST_PASSWORD)).body.error).toMatchObject({
      message: 'Your account email is not confirmed',
      details: { code: 'email_not_confirmed' },
    });
  });

  it('when the user is blocked, login is refused', async () => {
    const user = await createUser({ blocked: true });
    const refused = (await login(user.email, TEST_PASSWORD)).body.error;
    expect(refused?.message).toMatch(/blocked/);
    expect(refused?.details).toEqual({ code: 'account_blocked' });
  });

  it('when the body is malformed, the answer is 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: ['a'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: { name: 'ValidationError' } });
  });

  it('when the user has no password yet (created by an admin), the answer is the usual failure', async () => {
    const user = await createUser({ password: null });
    expect((await login(user.email, TEST_PASSWORD)).body.error?.message).toBe(
      'Invalid identifier or password',
    );
  });
});

describe('bearer tokens', () => {
  async function me(authorization: string) {
    return app.inject({
      method: 'GET',
      url: '/api/permissions/status',
      headers: { authorization },
    });
  }

  it('when the token is valid, the request is the user’s', async () => {
    const user = await createUser({ profileType: 'admin' });
    const { body } = await login(user.email, TEST_PASSWORD);
    const res = await app.inject({
      method: 'GET',
      url: '/api/students',
      headers: { authorization: `Bearer ${body.jwt}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [
      'a tampered token',
      async () => `Bearer ${app.tokens.sign({ id: (await createUser()).id }).slice(0, -2)}xx`,
    ],
    [
      'a token signed with another secret',
      async () =>
        `Bearer ${createSigner({ key: 'another-secret-another-secret-123456', algorithm: 'HS256' })({ id: (await createUser()).id })}`,
    ],
    [
      'an expired token',
      async () =>
        `Bearer ${createSigner({ key: TEST_CONFIG.jwtSecret, algorithm: 'HS256', expiresIn: 1, clockTimestamp: Date.now() - 60_000 })({ id: (await createUser()).id })}`,
    ],
    [
      'an alg none token',
      async () =>
        `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: (await createUser()).id })).toString('base64url')}.`,
    ],
    ['a token of a deleted user', async () => `Bearer ${app.tokens.sign({ id: 2147483647 })}`],
    [
      'a token of a blocked user',
      async () => `Bearer ${app.tokens.sign({ id: (await createUser({ blocked: true })).id })}`,
    ],
    ['another scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
  ])('when the request carries %s, the answer is 401', async (_name, make) => {
    const res = await me(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 401, name: 'UnauthorizedError' },
    });
  });
});

describe('tokens issued before users.tokens_valid_after', () => {
  const signedAt = (userId: number, ms: number) =>
    createSigner({
      key: TEST_CONFIG.jwtSecret,
      algorithm: 'HS256',
      expiresIn: 15 * 60 * 1000,
      clockTimestamp: ms,
    })({ id: userId });
  const status = async (token: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/permissions/status',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('when a token was issued a second before the account’s tokens_valid_after, the answer is 401; from that second on, 200', async () => {
    const user = await createUser();
    const validAfter = Math.floor(Date.now() / 1000) * 1000 - 10_000;
    const { db } = await getTestDatabase();
    await db
      .update(users)
      .set({ tokensValidAfter: new Date(validAfter) })
      .where(eq(users.id, user.id));
    expect(await status(signedAt(user.id, validAfter - 1000))).toBe(401);
    expect(await status(signedAt(user.id, validAfter))).toBe(200);
    expect(await status(signedAt(user.id, validAfter + 999))).toBe(200);
  });

  it('when a token has no iat claim, the answer is 401', async () => {
    const user = await createUser();
    const token = createSigner({
      key: TEST_CONFIG.jwtSecret,
      algorithm: 'HS256',
      noTimestamp: true,
    })({
      id: user.id,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect(await status(token)).toBe(401);
  });
});
