import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, unique } from '../../../test/helpers/factories';
import { authIdentities, jobs, ssoRequests, ssoSeenAssertions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { repeatKey } from '../../lib/jobs';
import { FORGET_EXPIRED_SSO_STATE } from './sso.jobs';
import {
  SEEN_ASSERTION_MARGIN_SECONDS,
  SSO_STATE_MESSAGES,
  acceptAssertionOnce,
  consumeRequest,
  findIdentity,
  forgetExpiredSsoState,
  identitiesOf,
  isPathOfThisSite,
  linkIdentity,
  startRequest,
  unlinkIdentity,
} from './sso.state';

/**
 * The state single sign-on keeps in PostgreSQL (ADR 0074): requests consumed once, assertions
 * accepted once whatever asks, identities unique per provider and subject, the last way into an
 * account kept, and the job that forgets what expired. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where the concurrent calls really run side by side on the pool).
 */

const db = async () => (await getTestDatabase()).db;
const provider = () => unique('saml:https://idp.example.es/idp');

/** Moves a request's expiry into the past, as if its ten minutes were over. */
async function expireRequest(id: string) {
  await (
    await db()
  )
    .update(ssoRequests)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(ssoRequests.id, id));
}

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => expect.fail('expected a refusal'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a sign-in request', () => {
  it('is consumed once, with what it was started with', async () => {
    const d = await db();
    const idp = provider();
    const id = await startRequest(d, {
      provider: idp,
      returnTo: '/proyectos?pagina=2',
      pkceVerifier: 'verificador',
      nonce: 'nonce',
    });
    // 256 random bits, URL-safe, an XML ID (an NCName: starts with `_`).
    expect(id).toMatch(/^_[A-Za-z0-9_-]{43}$/);
    const [row] = await d
      .select({
        ttl: sql<number>`extract(epoch from (${ssoRequests.expiresAt} - ${ssoRequests.createdAt}))::float8`,
      })
      .from(ssoRequests)
      .where(eq(ssoRequests.id, id));
    expect(Number(row!.ttl)).toBe(600);

    expect(await consumeRequest(d, id, idp)).toMatchObject({
      id,
      provider: idp,
      returnTo: '/proyectos?pagina=2',
      pkceVerifier: 'verificador',
      nonce: 'nonce',
    });
    expect(await consumeRequest(d, id, idp)).toBeUndefined();
    expect(await d.select().from(ssoRequests).where(eq(ssoRequests.id, id))).toEqual([]);
  });

  it('without PKCE nor nonce (SAML) keeps them null; each id is new', async () => {
    const d = await db();
    const idp = provider();
    const ids = await Promise.all(
      [1, 2, 3].map(() => startRequest(d, { provider: idp, returnTo: '/' })),
    );
    expect(new Set(ids).size).toBe(3);
    expect(await consumeRequest(d, ids[0]!, idp)).toMatchObject({
      pkceVerifier: null,
      nonce: null,
    });
  });

  it('answered by two processes at once goes to exactly one', async () => {
    const d = await db();
    const idp = provider();
    const id = await startRequest(d, { provider: idp, returnTo: '/' });
    const results = await Promise.all([consumeRequest(d, id, idp), consumeRequest(d, id, idp)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('is refused to another provider, and stays for its own', async () => {
    const d = await db();
    const idp = provider();
    const id = await startRequest(d, { provider: idp, returnTo: '/' });
    expect(await consumeRequest(d, id, provider())).toBeUndefined();
    expect(await consumeRequest(d, id, idp)).toMatchObject({ id });
  });

  it('is refused once expired', async () => {
    const d = await db();
    const idp = provider();
    const id = await startRequest(d, { provider: idp, returnTo: '/' });
    await expireRequest(id);
    expect(await consumeRequest(d, id, idp)).toBeUndefined();
  });

  it('an unknown id finds nothing', async () => {
    expect(await consumeRequest(await db(), '_no-existe', provider())).toBeUndefined();
  });

  it('returns only to a path of this site', async () => {
    const d = await db();
    for (const returnTo of [
      'https://otro.example.com/',
      '//otro.example.com/',
      '/\\otro.example.com/',
      '/\t/otro.example.com/',
      'javascript:alert(1)',
      'proyectos',
      '',
      `/${'x'.repeat(1000)}`,
    ]) {
      const error = await rejection(startRequest(d, { provider: provider(), returnTo }));
      expect(error.status).toBe(400);
    }
    expect(isPathOfThisSite('/perfil?seccion=tfx#trabajo')).toBe(true);
  });
});

describe('an assertion', () => {
  const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000);

  it('is accepted once, then refused as a replay', async () => {
    const d = await db();
    const idp = provider();
    const assertion = { provider: idp, assertionId: unique('_a'), notOnOrAfter: inFiveMinutes() };
    expect(await acceptAssertionOnce(d, assertion)).toBe(true);
    expect(await acceptAssertionOnce(d, assertion)).toBe(false);
    // The same ID from another provider is another assertion.
    expect(await acceptAssertionOnce(d, { ...assertion, provider: provider() })).toBe(true);
  });

  it('presented twice at once is accepted exactly once', async () => {
    const d = await db();
    const assertion = {
      provider: provider(),
      assertionId: unique('_a'),
      notOnOrAfter: inFiveMinutes(),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => acceptAssertionOnce(d, assertion)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('is kept until its NotOnOrAfter plus the clock skew margin', async () => {
    const d = await db();
    const idp = provider();
    const assertionId = unique('_a');
    const notOnOrAfter = inFiveMinutes();
    await acceptAssertionOnce(d, { provider: idp, assertionId, notOnOrAfter });
    const [row] = await d
      .select()
      .from(ssoSeenAssertions)
      .where(eq(ssoSeenAssertions.assertionId, JSON.stringify([idp, assertionId])));
    expect(row!.expiresAt.getTime()).toBe(
      notOnOrAfter.getTime() + SEEN_ASSERTION_MARGIN_SECONDS * 1000,
    );
  });

  it('without an ID is a caller’s error', async () => {
    await expect(
      acceptAssertionOnce(await db(), {
        provider: provider(),
        assertionId: '',
        notOnOrAfter: inFiveMinutes(),
      }),
    ).rejects.toThrow(TypeError);
  });
});

describe('identities', () => {
  it('link, find and list; linking again to the same account answers the same row', async () => {
    const d = await db();
    const user = await createUser();
    const idp = provider();
    const first = await d.transaction((tx) =>
      linkIdentity(tx, { userId: user.id, provider: idp, subject: 'pairwise-1@um.es' }),
    );
    expect(first).toMatchObject({ userId: user.id, provider: idp, subject: 'pairwise-1@um.es' });
    const again = await d.transaction((tx) =>
      linkIdentity(tx, { userId: user.id, provider: idp, subject: 'pairwise-1@um.es' }),
    );
    expect(again.id).toBe(first.id);
    const second = await d.transaction((tx) =>
      linkIdentity(tx, { userId: user.id, provider: provider(), subject: 'sub-1' }),
    );

    expect(await findIdentity(d, idp, 'pairwise-1@um.es')).toMatchObject({ id: first.id });
    // Compared exactly: another subject, or the same subject at another provider, is not it.
    expect(await findIdentity(d, idp, 'pairwise-2@um.es')).toBeUndefined();
    expect(await findIdentity(d, provider(), 'pairwise-1@um.es')).toBeUndefined();
    expect((await identitiesOf(d, user.id)).map((identity) => identity.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('one (provider, subject) belongs to one account', async () => {
    const d = await db();
    const [owner, other] = [await createUser(), await createUser()];
    const idp = provider();
    await d.transaction((tx) =>
      linkIdentity(tx, { userId: owner.id, provider: idp, subject: 'sujeto' }),
    );

    const error = await rejection(
      d.transaction((tx) =>
        linkIdentity(tx, { userId: other.id, provider: idp, subject: 'sujeto' }),
      ),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(SSO_STATE_MESSAGES.identityLinkedElsewhere);
    // The table itself refuses a second row, whoever writes it.
    await expect(
      d.insert(authIdentities).values({ userId: other.id, provider: idp, subject: 'sujeto' }),
    ).rejects.toThrow();
    expect(await identitiesOf(d, other.id)).toEqual([]);
    expect(await findIdentity(d, idp, 'sujeto')).toMatchObject({ userId: owner.id });
  });

  it('an empty subject is never linked', async () => {
    const user = await createUser();
    await expect(
      (await db()).transaction((tx) =>
        linkIdentity(tx, { userId: user.id, provider: provider(), subject: ' ' }),
      ),
    ).rejects.toThrow(TypeError);
  });

  it('are deleted with their account', async () => {
    const d = await db();
    const user = await createUser();
    const idp = provider();
    await d.transaction((tx) => linkIdentity(tx, { userId: user.id, provider: idp, subject: 's' }));
    await d.delete(users).where(eq(users.id, user.id));
    expect(await findIdentity(d, idp, 's')).toBeUndefined();
  });
});

describe('unlinking an identity', () => {
  async function accountWith(password: string | null, count: number) {
    const d = await db();
    const user = await createUser({ password });
    const linked = [];
    for (let i = 0; i < count; i += 1) {
      linked.push(
        await d.transaction((tx) =>
          linkIdentity(tx, { userId: user.id, provider: provider(), subject: `s${i}` }),
        ),
      );
    }
    return { user, linked };
  }

  it('is refused for the last way in (no password, no other identity)', async () => {
    const d = await db();
    const { user, linked } = await accountWith(null, 1);
    const error = await rejection(
      d.transaction((tx) => unlinkIdentity(tx, { userId: user.id, identityId: linked[0]!.id })),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(SSO_STATE_MESSAGES.lastWayIn);
    expect(error.language).toBe('es');
    expect(await identitiesOf(d, user.id)).toHaveLength(1);
  });

  it('is allowed when the account has a password', async () => {
    const d = await db();
    const { user, linked } = await accountWith('$argon2id$hash', 1);
    await d.transaction((tx) => unlinkIdentity(tx, { userId: user.id, identityId: linked[0]!.id }));
    expect(await identitiesOf(d, user.id)).toEqual([]);
  });

  it('is allowed while another identity remains, then refused for that one', async () => {
    const d = await db();
    const { user, linked } = await accountWith(null, 2);
    await d.transaction((tx) => unlinkIdentity(tx, { userId: user.id, identityId: linked[0]!.id }));
    const error = await rejection(
      d.transaction((tx) => unlinkIdentity(tx, { userId: user.id, identityId: linked[1]!.id })),
    );
    expect(error.message).toBe(SSO_STATE_MESSAGES.lastWayIn);
    expect((await identitiesOf(d, user.id)).map((identity) => identity.id)).toEqual([
      linked[1]!.id,
    ]);
  });

  it('of the last two at once leaves one: the second waits for the first on the account', async () => {
    const d = await db();
    const { user, linked } = await accountWith(null, 2);
    let unlinked!: () => void;
    const firstUnlinked = new Promise<void>((resolve) => (unlinked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first unlink has passed its check and deleted, but not committed yet...
    const first = d.transaction(async (tx) => {
      await unlinkIdentity(tx, { userId: user.id, identityId: linked[0]!.id });
      unlinked();
      await released;
    });
    await firstUnlinked;
    // ...when the second starts: without the account's lock it would still see two identities.
    const second = d.transaction((tx) =>
      unlinkIdentity(tx, { userId: user.id, identityId: linked[1]!.id }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({
      status: 'rejected',
      reason: { message: SSO_STATE_MESSAGES.lastWayIn },
    });
    expect((await identitiesOf(d, user.id)).map((identity) => identity.id)).toEqual([
      linked[1]!.id,
    ]);
  });

  it('of another account’s identity is 404', async () => {
    const d = await db();
    const { linked } = await accountWith(null, 1);
    const { user } = await accountWith('$argon2id$hash', 0);
    const error = await rejection(
      d.transaction((tx) => unlinkIdentity(tx, { userId: user.id, identityId: linked[0]!.id })),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe(SSO_STATE_MESSAGES.identityNotYours);
    expect(await identitiesOf(d, linked[0]!.userId)).toHaveLength(1);
  });
});

describe('the sso.forget-expired job', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await getTestApp();
  });

  it('removes only the expired requests and seen assertions, every 15 minutes', async () => {
    const d = await db();
    const idp = provider();
    const [live, expired] = [
      await startRequest(d, { provider: idp, returnTo: '/' }),
      await startRequest(d, { provider: idp, returnTo: '/' }),
    ];
    await expireRequest(expired);
    const fresh = unique('_fresh');
    const stale = unique('_stale');
    await acceptAssertionOnce(d, {
      provider: idp,
      assertionId: fresh,
      notOnOrAfter: new Date(Date.now() + 60_000),
    });
    await acceptAssertionOnce(d, {
      provider: idp,
      assertionId: stale,
      notOnOrAfter: new Date(Date.now() - (SEEN_ASSERTION_MARGIN_SECONDS + 1) * 1000),
    });

    // The app's worker scheduled the job when it started: make it due now.
    const jobKey = repeatKey(FORGET_EXPIRED_SSO_STATE);
    await d
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, jobKey));
    await app.jobs.flush();

    const requestsLeft = await d
      .select({ id: ssoRequests.id })
      .from(ssoRequests)
      .where(inArray(ssoRequests.id, [live, expired]));
    expect(requestsLeft.map((row) => row.id)).toEqual([live]);
    const assertionsLeft = await d
      .select({ id: ssoSeenAssertions.assertionId })
      .from(ssoSeenAssertions)
      .where(
        inArray(ssoSeenAssertions.assertionId, [
          JSON.stringify([idp, fresh]),
          JSON.stringify([idp, stale]),
        ]),
      );
    expect(assertionsLeft.map((row) => row.id)).toEqual([JSON.stringify([idp, fresh])]);
    // The stale assertion's key is gone, yet it could not be accepted anyway: it had expired.

    const [job] = await d
      .select({
        status: jobs.status,
        result: jobs.result,
        dueIn: sql<number>`extract(epoch from (${jobs.nextAttemptAt} - now()))::float8`,
      })
      .from(jobs)
      .where(eq(jobs.key, jobKey));
    expect(job).toMatchObject({ status: 'pending' });
    const result = job!.result as { requests: number; assertions: number };
    expect(result.requests).toBeGreaterThanOrEqual(1);
    expect(result.assertions).toBeGreaterThanOrEqual(1);
    expect(Number(job!.dueIn)).toBeGreaterThan(900 - 60);
    expect(Number(job!.dueIn)).toBeLessThanOrEqual(900);
  });

  it('deletes a large backlog a batch at a time', async () => {
    const d = await db();
    const idp = provider();
    // The app's own run of the job stays away meanwhile, so the batches counted are this call's.
    await d
      .update(jobs)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(jobs.key, repeatKey(FORGET_EXPIRED_SSO_STATE)));
    await d.execute(
      sql`INSERT INTO "sso_requests" ("id", "provider", "return_to", "expires_at")
          SELECT ${idp} || '-' || n, ${idp}, '/', now() - interval '1 hour'
          FROM generate_series(1, 6000) AS n`,
    );
    const reports: number[] = [];
    const { requests } = await forgetExpiredSsoState(d, {
      onBatch: async (deleted) => void reports.push(deleted),
    });
    expect(requests).toBeGreaterThanOrEqual(6_000);
    expect(reports[0]).toBe(5_000);
    expect(await d.select().from(ssoRequests).where(eq(ssoRequests.provider, idp))).toEqual([]);
  });
});
