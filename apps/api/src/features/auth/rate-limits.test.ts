import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rateLimitHits } from '../../db/schema';
import { clientKey, purgeRateLimitHits } from '../../lib/rate-limit';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { call, strongPassword, uniqueEmail, uniqueIp } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, TEST_PASSWORD, unique } from '../../../test/helpers/factories';
import { AUTH_RATE_LIMITS } from './auth.rate-limits';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const PER_ADDRESS = AUTH_RATE_LIMITS.login.address[0]?.limit ?? 0;
const PER_IDENTIFIER = AUTH_RATE_LIMITS.login.identifier[0]?.limit ?? 0;

const login = (identifier: string, ip: string, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/auth/local', {
    payload: { identifier, password: 'no es la buena' },
    ip,
    headers,
  });

describe('rate limits', () => {
  it('when one identifier is tried 11 times in a minute, the 11th answer is 429 with Retry-After, from any address', async () => {
    const user = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < PER_IDENTIFIER; i++) {
      statuses.push((await login(user.email, uniqueIp())).status);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await login(user.email.toUpperCase(), uniqueIp());
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(limited.body.error?.details.retryAfter).toBe(Number(limited.headers['retry-after']));
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Even the right password waits: the limit counts attempts, not failures.
    const right = await call(app, 'POST', '/api/auth/local', {
      payload: { identifier: user.email, password: TEST_PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('when one account was tried 30 times this hour, a 31st sign-in is 429 in Spanish with the wait, though the minute allows it', async () => {
    const user = await createUser();
    const hourly = AUTH_RATE_LIMITS.login.identifier.find((l) => l.windowSeconds === 3600);
    expect(hourly?.limit).toBe(30);
    // Thirty earlier attempts spread over the hour: the minute window is empty.
    const { db } = await getTestDatabase();
    const key = `${createHash('sha256').update(`login:id:${user.email.toLowerCase()}`).digest('hex')}:3600`;
    await db.execute(sql`
      INSERT INTO rate_limit_hits (key, window_start, hits)
      VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / 3600) * 3600), 30)`);
    const limited = await login(user.email, uniqueIp());
    expect(limited.status).toBe(429);
    expect(limited.body.error?.message).toMatch(
      /^Has hecho demasiadas solicitudes seguidas\. Vuelve a intentarlo dentro de /,
    );
    // The wait is the hour's, not a minute's.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Another account is not affected.
    expect((await login((await createUser()).email, uniqueIp())).status).toBe(400);
  });

  it('when one address tries many different identifiers, it is limited by address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(uniqueEmail('spray'), ip)).status).toBe(400);
    }
    const limited = await login(uniqueEmail('spray'), ip);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await login(uniqueEmail('spray'), uniqueIp())).status).toBe(400);
  });

  it('when X-Forwarded-For changes on every request, it is ignored (no proxy is trusted) and the address limit holds', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      await login(uniqueEmail('xff'), ip, { 'x-forwarded-for': uniqueIp() });
    }
    const limited = await login(uniqueEmail('xff'), ip, { 'x-forwarded-for': uniqueIp() });
    expect(limited.status).toBe(429);
  });

  it('when another body field changes, the identifier limit still holds', async () => {
    const email = uniqueEmail('campos');
    for (let i = 0; i < PER_IDENTIFIER; i++) {
      await call(app, 'POST', '/api/auth/forgot-password', { payload: { email } });
    }
    const limited = await call(app, 'POST', '/api/auth/forgot-password', {
      payload: { email: `  ${email.toUpperCase()}  ` },
    });
    expect(limited.status).toBe(429);
  });

  it.each([
    [
      'registration',
      '/api/users-permissions/register-partialy',
      // Whatever privacy version is current: the attempt is counted before it is checked.
      (email: string) => ({
        data: {
          email,
          password: strongPassword(),
          name: 'X',
          profileType: 'student',
          privacyAccepted: true,
          privacyVersion: 1,
        },
      }),
    ],
    ['confirmation resend', '/api/auth/send-email-confirmation', (email: string) => ({ email })],
    ['sign-in link request', '/auth/request-message', (email: string) => ({ userData: { email } })],
  ])(
    'when %s is asked 11 times in a minute for one email, the 11th is 429',
    async (_case, url, body) => {
      const email = uniqueEmail('limite');
      const statuses: number[] = [];
      for (let i = 0; i <= PER_IDENTIFIER; i++) {
        statuses.push((await call(app, 'POST', url, { payload: body(email) })).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1)).not.toContain(429);
    },
  );

  it.each([
    [
      'reset-password',
      '/api/auth/reset-password',
      () => ({ code: unique('c'), password: 'x', passwordConfirmation: 'x' }),
    ],
    ['login-link exchange', '/api/auth/login-link', () => ({ token: unique('t') })],
  ])(
    'when %s is tried more often than the address limit, the next answer is 429',
    async (_case, url, body) => {
      const ip = uniqueIp();
      for (let i = 0; i < PER_ADDRESS; i++) {
        expect((await call(app, 'POST', url, { payload: body(), ip })).status).toBe(400);
      }
      expect((await call(app, 'POST', url, { payload: body(), ip })).status).toBe(429);
    },
  );

  it('when the hits are stored, emails never appear in clear', async () => {
    const email = uniqueEmail('privado');
    await call(app, 'POST', '/api/auth/forgot-password', { payload: { email } });
    const { db } = await getTestDatabase();
    const [found] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} LIKE ${`%${email}%`}`);
    expect(found?.n).toBe(0);
  });

  it('when windows are older than a day, the purge deletes them and keeps current ones', async () => {
    const { db } = await getTestDatabase();
    const oldKey = unique('old-window');
    const currentKey = unique('current-window');
    await db.insert(rateLimitHits).values([
      { key: oldKey, windowStart: new Date(Date.now() - 2 * 24 * 3600 * 1000), hits: 3 },
      { key: currentKey, windowStart: new Date(), hits: 1 },
    ]);
    await purgeRateLimitHits(db);
    const keys = (
      await db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} IN (${oldKey}, ${currentKey})`)
    ).map((r) => r.key);
    expect(keys).toEqual([currentKey]);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ])('when the client address is %s, its limit key is %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    const { db } = await getTestDatabase();
    proxied = await buildApp({ config: { ...TEST_CONFIG, trustProxy: 1 }, db, logger: false });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('when TRUST_PROXY is 1, each forwarded client has its own address limit', async () => {
    const proxy = uniqueIp();
    const client = uniqueIp();
    const send = (forwardedFor: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { identifier: uniqueEmail('proxy'), password: 'no es la buena' },
      });
    for (let i = 0; i < PER_ADDRESS; i++) await send(client);
    expect((await send(client)).statusCode).toBe(429);
    expect((await send(uniqueIp())).statusCode).toBe(400);
  });
});
