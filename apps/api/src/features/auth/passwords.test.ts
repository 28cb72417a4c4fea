import type { FastifyInstance } from 'fastify';
import { createSigner } from 'fast-jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import {
  bearerOf,
  call,
  emailsTo,
  linkIn,
  setTokenExpiry,
  strongPassword,
  tokensOf,
  uniqueEmail,
  uniqueIp,
  userRow,
} from '../../../test/helpers/auth';
import { createUser, TEST_PASSWORD } from '../../../test/helpers/factories';
import { UNIFORM_ANSWER_MS } from './auth.common';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const PUBLIC_URL = 'http://localhost:3000';

const login = (identifier: string, password: string) =>
  call(app, 'POST', '/api/auth/local', { payload: { identifier, password } });

const forgot = (email: unknown, ip?: string) =>
  call(app, 'POST', '/api/auth/forgot-password', { payload: { email }, ...(ip ? { ip } : {}) });

const reset = (payload: unknown) => call(app, 'POST', '/api/auth/reset-password', { payload });

/** A token signed as if issued `secondsAgo` seconds ago: a session opened before a change. */
function olderToken(userId: number, secondsAgo = 5): string {
  return createSigner({
    key: TEST_CONFIG.jwtSecret,
    algorithm: 'HS256',
    expiresIn: 15 * 60 * 1000,
    clockTimestamp: Date.now() - secondsAgo * 1000,
  })({ id: userId });
}

const permissions = (jwt: string | undefined) =>
  call(app, 'GET', '/api/permissions/status', { headers: bearerOf(jwt) });

async function resetCodeOf(email: string, index = -1): Promise<string> {
  const mails = (await emailsTo(email)).filter((m) => m.template === 'reset');
  const mail = mails.at(index);
  return linkIn(mail?.text ?? '', `${PUBLIC_URL}/reset-password?`).searchParams.get('code') ?? '';
}

describe('POST /api/auth/forgot-password', () => {
  it('when the account exists, the answer is {ok:true} and a reset email with a web link is queued', async () => {
    const user = await createUser();
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [mail] = await emailsTo(user.email);
    expect(mail).toMatchObject({ template: 'reset', recipient: user.email, status: 'pending' });
    expect(await resetCodeOf(user.email)).toMatch(/^[\w-]{43}$/);
  });

  it('when the account does not exist, the answer is the same, as slow, and nothing is queued', async () => {
    const user = await createUser();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await forgot(email);
      return { res, ms: performance.now() - started };
    };
    const known = await timed(user.email);
    const unknownEmail = uniqueEmail('nadie');
    const unknown = await timed(unknownEmail);
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(await emailsTo(unknownEmail)).toHaveLength(0);
    // Both wait for the uniform floor, so the unknown address is not answered faster.
    expect(known.ms).toBeGreaterThanOrEqual(UNIFORM_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(UNIFORM_ANSWER_MS - 5);
  });

  it('when the account is blocked, the answer is the same and no email is queued', async () => {
    const user = await createUser({ blocked: true });
    expect((await forgot(user.email)).body).toEqual({ ok: true });
    expect(await emailsTo(user.email)).toHaveLength(0);
  });

  it.each([
    ['no email', {}],
    ['an email that is not one', { email: 'hola' }],
    ['an email as an object', { email: { $ne: '' } }],
    ['an extra field', { email: 'a@b.es', url: 'http://evil.test' }],
  ])('when the body has %s, the answer is 400', async (_case, payload) => {
    const res = await call(app, 'POST', '/api/auth/forgot-password', { payload });
    expect(res.status).toBe(400);
    expect(res.body.error?.name).toBe('ValidationError');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when the code is valid, the password changes, the answer is a session, and the old sessions end', async () => {
    const user = await createUser();
    const oldJwt = olderToken(user.id);
    expect((await permissions(oldJwt)).status).toBe(200);
    const oldSession = await login(user.email, TEST_PASSWORD);
    await forgot(user.email);
    const password = strongPassword();
    const res = await reset({
      code: await resetCodeOf(user.email),
      password,
      passwordConfirmation: password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(res.body.jwt).toEqual(expect.any(String));
    expect(res.body.refreshToken).toEqual(expect.any(String));
    expect((await permissions(res.body.jwt)).status).toBe(200);
    expect((await permissions(oldJwt)).status).toBe(401);
    const oldRefresh = await call(app, 'POST', '/auth', {
      payload: { refreshToken: oldSession.body.refreshToken },
    });
    expect(oldRefresh.status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(400);
    expect((await login(user.email, password)).status).toBe(200);
  });

  it('when the code is used a second time, the answer is 400 "Incorrect code provided"', async () => {
    const user = await createUser();
    await forgot(user.email);
    const code = await resetCodeOf(user.email);
    const first = strongPassword();
    expect((await reset({ code, password: first, passwordConfirmation: first })).status).toBe(200);
    const second = strongPassword();
    const again = await reset({ code, password: second, passwordConfirmation: second });
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toBe('Incorrect code provided');
    expect(again.body.error?.details).toEqual({ code: 'incorrect_code' });
    expect((await login(user.email, first)).status).toBe(200);
  });

  it('when the code is over an hour old, the answer is 400 and the password is unchanged', async () => {
    const user = await createUser();
    await forgot(user.email);
    const code = await resetCodeOf(user.email);
    await setTokenExpiry(code, new Date(Date.now() - 1000));
    const password = strongPassword();
    const res = await reset({ code, password, passwordConfirmation: password });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Incorrect code provided');
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('when the code is stored with a one-hour expiry, it is valid for one hour', async () => {
    const user = await createUser();
    const before = Date.now();
    await forgot(user.email);
    const [token] = await tokensOf(user.id, 'reset');
    const lifetime = (token?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });

  it('when a new reset is asked, the earlier link stops working', async () => {
    const user = await createUser();
    await forgot(user.email);
    const first = await resetCodeOf(user.email);
    await forgot(user.email);
    const password = strongPassword();
    const res = await reset({ code: first, password, passwordConfirmation: password });
    expect(res.status).toBe(400);
    const latest = await resetCodeOf(user.email);
    expect((await reset({ code: latest, password, passwordConfirmation: password })).status).toBe(
      200,
    );
  });

  it.each([
    ['an object', { $ne: null }],
    ['an array', ['abc']],
    ['a number', 123456],
    ['an empty string', ''],
    ['null', null],
  ])('when the code is %s, the answer is 400', async (_case, code) => {
    const password = strongPassword();
    const res = await reset({ code, password, passwordConfirmation: password });
    expect(res.status).toBe(400);
    expect(res.body.error?.name).toBe('ValidationError');
  });

  it('when the passwords differ, the answer is 400 and the code still works afterwards', async () => {
    const user = await createUser();
    await forgot(user.email);
    const code = await resetCodeOf(user.email);
    const res = await reset({ code, password: strongPassword(), passwordConfirmation: 'otra' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Passwords do not match');
    expect(res.body.error?.details).toMatchObject({ code: 'passwords_differ' });
    const password = strongPassword();
    expect((await reset({ code, password, passwordConfirmation: password })).status).toBe(200);
  });

  it('when the new password is common, the answer is 400 in Spanish and the code is not spent', async () => {
    const user = await createUser();
    await forgot(user.email);
    const code = await resetCodeOf(user.email);
    const res = await reset({
      code,
      password: 'contraseña123456',
      passwordConfirmation: 'contraseña123456',
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/demasiado común/);
    const password = strongPassword();
    expect((await reset({ code, password, passwordConfirmation: password })).status).toBe(200);
  });

  it('when an unconfirmed account resets its password, it becomes confirmed (the link proved the mailbox)', async () => {
    const user = await createUser({ confirmed: false });
    await forgot(user.email);
    const password = strongPassword();
    await reset({ code: await resetCodeOf(user.email), password, passwordConfirmation: password });
    expect((await userRow(user.email)).confirmed).toBe(true);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (jwt: string | undefined, payload: unknown) =>
    call(app, 'POST', '/api/auth/change-password', { payload, headers: bearerOf(jwt) });

  it('when the current password is right, the answer is a fresh session and every older session ends', async () => {
    const user = await createUser();
    const oldJwt = olderToken(user.id);
    const session = await login(user.email, TEST_PASSWORD);
    const password = strongPassword();
    const res = await change(oldJwt, {
      currentPassword: TEST_PASSWORD,
      password,
      passwordConfirmation: password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id });
    expect((await permissions(res.body.jwt)).status).toBe(200);
    expect((await permissions(oldJwt)).status).toBe(401);
    const refresh = await call(app, 'POST', '/auth', {
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect((await login(user.email, password)).status).toBe(200);
    expect((await userRow(user.email)).tokensValidAfter?.getMilliseconds()).toBe(0);
  });

  it('when the current password is wrong, the answer is 400 and nothing changes', async () => {
    const user = await createUser();
    const { body } = await login(user.email, TEST_PASSWORD);
    const password = strongPassword();
    const res = await change(body.jwt, {
      currentPassword: 'no es la mía de verdad',
      password,
      passwordConfirmation: password,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('The provided current password is invalid');
    expect(res.body.error?.details).toMatchObject({
      code: 'current_password_invalid',
      errors: [{ path: ['currentPassword'], code: 'current_password_invalid' }],
    });
    expect((await permissions(body.jwt)).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('when the new password equals the current one, the answer is 400', async () => {
    const user = await createUser();
    const { body } = await login(user.email, TEST_PASSWORD);
    const res = await change(body.jwt, {
      currentPassword: TEST_PASSWORD,
      password: TEST_PASSWORD,
      passwordConfirmation: TEST_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.details.errors?.[0]?.path).toEqual(['password']);
  });

  it('when the new password is too short, the answer is 400 with the Spanish rule', async () => {
    const user = await createUser();
    const { body } = await login(user.email, TEST_PASSWORD);
    const res = await change(body.jwt, {
      currentPassword: TEST_PASSWORD,
      password: 'Corta1!',
      passwordConfirmation: 'Corta1!',
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('La contraseña debe tener al menos 12 caracteres.');
  });

  it('when there is no bearer token, the answer is 401, whatever the body', async () => {
    const password = strongPassword();
    const res = await call(app, 'POST', '/api/auth/change-password', {
      payload: { currentPassword: TEST_PASSWORD, password, passwordConfirmation: password },
    });
    expect(res.status).toBe(401);
    const empty = await call(app, 'POST', '/api/auth/change-password', { payload: {} });
    expect(empty.status).toBe(401);
  });

  it('when the body has unknown or missing fields, the answer is 400', async () => {
    const user = await createUser();
    const { body } = await login(user.email, TEST_PASSWORD);
    for (const payload of [
      { password: 'x' },
      { currentPassword: TEST_PASSWORD, password: 'x', passwordConfirmation: 'x', id: 1 },
      { currentPassword: 1, password: 'x', passwordConfirmation: 'x' },
    ]) {
      expect((await change(body.jwt, payload)).status).toBe(400);
    }
  });

  it('when the same client tries wrong current passwords more than 10 times in a minute, the 11th is 429', async () => {
    const user = await createUser();
    const { body } = await login(user.email, TEST_PASSWORD);
    const ip = uniqueIp();
    const password = strongPassword();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(app, 'POST', '/api/auth/change-password', {
        payload: { currentPassword: `mala ${i}`, password, passwordConfirmation: password },
        headers: bearerOf(body.jwt),
        ip: i % 2 === 0 ? ip : uniqueIp(),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
