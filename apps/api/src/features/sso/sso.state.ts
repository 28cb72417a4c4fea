import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Queryable, Transaction } from '../../db/handles';
import { deleteInBatches } from '../../db/statements';
import { authIdentities, ssoRequests, ssoSeenAssertions, users } from '../../db/schema';
import { notFound, refusal, validationError } from '../../lib/errors';

/**
 * The state single sign-on keeps in PostgreSQL (ADR 0074), so that any number of stateless API
 * processes serve it: the sign-ins sent to an identity provider (one use each, ten minutes), the
 * SAML assertions already accepted (a replay is refused whatever process it reaches), and the
 * identities linked to accounts. Every check that must hold across processes is one statement
 * whose outcome the database decides (`DELETE … RETURNING`, `INSERT … ON CONFLICT`), never a
 * read followed by a write.
 */

export type SsoRequest = typeof ssoRequests.$inferSelect;
export type AuthIdentity = typeof authIdentities.$inferSelect;

/** The Spanish refusals people may see (the web shows them as they are, ADR 0032). */
export const SSO_STATE_MESSAGES = {
  lastWayIn:
    'No puedes desvincular la única forma de entrar en tu cuenta: ponle antes una contraseña o vincula otra cuenta institucional.',
  identityNotYours: 'Esa forma de entrar no está vinculada a tu cuenta.',
  identityLinkedElsewhere:
    'Esa cuenta institucional ya está vinculada a otra cuenta de la plataforma.',
} as const;

/** How long a sign-in sent to an identity provider may take to come back (ADR 0074). */
export const SSO_REQUEST_TTL_SECONDS = 600;

/**
 * How long an accepted assertion is kept beyond its NotOnOrAfter: the service provider accepts
 * assertions a bounded clock skew after it, and a replay within that skew must still conflict.
 * Larger than any skew the provider's configuration allows.
 */
export const SEEN_ASSERTION_MARGIN_SECONDS = 300;

/** The longest return path kept (the column's size). */
const RETURN_TO_MAX = 1000;
/** The longest assertion key kept: far below a btree entry's limit, far above real IDs. */
const ASSERTION_KEY_MAX = 1500;

/** Any origin: a path resolved against it that lands elsewhere was not a path of this site. */
const SAME_SITE = 'https://site.invalid';

/**
 * Whether `target` is a path of this site: it starts with one `/`, holds no control characters
 * nor backslashes (which browsers read as `/`, making `/\host` another site), and resolves to
 * this origin. Only such a path is ever a redirect's target after a sign-in.
 */
export function isPathOfThisSite(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  if (/[\p{Cc}\\]/u.test(target)) return false;
  return new URL(target, SAME_SITE).origin === SAME_SITE;
}

/**
 * Records a sign-in about to be sent to a provider and answers its id: 256 random bits,
 * URL-safe, after an underscore so it is also a valid XML ID (a SAML request's ID must be an
 * NCName, which may not start with a digit or `-`). The caller sends it as the SAML request's ID
 * or the OIDC `state`. Throws a 400 for a return path that is not of this site.
 */
export async function startRequest(
  db: Queryable,
  {
    provider,
    returnTo,
    pkceVerifier,
    nonce,
    ttlSeconds = SSO_REQUEST_TTL_SECONDS,
  }: {
    provider: string;
    returnTo: string;
    pkceVerifier?: string | undefined;
    nonce?: string | undefined;
    ttlSeconds?: number;
  },
): Promise<string> {
  if (returnTo.length > RETURN_TO_MAX || !isPathOfThisSite(returnTo)) {
    throw validationError('returnTo must be a path of this site', ['returnTo']);
  }
  const id = `_${randomBytes(32).toString('base64url')}`;
  await db.insert(ssoRequests).values({
    id,
    provider,
    returnTo,
    pkceVerifier: pkceVerifier ?? null,
    nonce: nonce ?? null,
    // The database's clock, as every process compares with it.
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
  return id;
}

/**
 * The sign-in a provider's answer names, deleted as it is read: its row when it exists, belongs
 * to that provider and has not expired; otherwise undefined. One statement, so of two answers
 * naming the same request (a replay, two processes) exactly one gets it. For SAML this is also
 * the InResponseTo check: an answer to no request of ours finds nothing.
 */
export async function consumeRequest(
  db: Queryable,
  id: string,
  provider: string,
): Promise<SsoRequest | undefined> {
  const [row] = await db
    .delete(ssoRequests)
    .where(
      and(
        eq(ssoRequests.id, id),
        eq(ssoRequests.provider, provider),
        gt(ssoRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The seen-assertion key: provider and ID together (JSON, so no pair reads as another). */
const assertionKey = (provider: string, assertionId: string) =>
  JSON.stringify([provider, assertionId]);

/**
 * True the first time an assertion of that provider is presented, false for a replay, whatever
 * process asked first: the insert of its key conflicts with the earlier one (one statement; two
 * at once on PostgreSQL: the second waits on the first's key and finds it). The key is kept until
 * `notOnOrAfter` plus SEEN_ASSERTION_MARGIN_SECONDS. Call it only once the assertion is verified:
 * an unverified one must not burn a genuine one's ID.
 */
export async function acceptAssertionOnce(
  db: Queryable,
  {
    provider,
    assertionId,
    notOnOrAfter,
  }: { provider: string; assertionId: string; notOnOrAfter: Date },
): Promise<boolean> {
  const key = assertionKey(provider, assertionId);
  // An empty ID would make every assertion without one a replay of the first; a huge one would
  // fail the index. A verified assertion has neither: this is a caller's error.
  if (assertionId === '' || key.length > ASSERTION_KEY_MAX) {
    throw new TypeError('acceptAssertionOnce: an assertion ID of 1 to about 1,400 characters');
  }
  const inserted = await db
    .insert(ssoSeenAssertions)
    .values({
      assertionId: key,
      expiresAt: new Date(notOnOrAfter.getTime() + SEEN_ASSERTION_MARGIN_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning({ assertionId: ssoSeenAssertions.assertionId });
  return inserted.length === 1;
}

/**
 * Links an identity to an account, in the transaction that decided it may (a first sign-in's new
 * account, a pending link's proof). Linking it again to the same account answers the existing
 * row; an identity linked to another account is refused (409), never moved.
 */
export async function linkIdentity(
  tx: Transaction,
  { userId, provider, subject }: { userId: number; provider: string; subject: string },
): Promise<AuthIdentity> {
  // An empty subject would be one identity shared by everyone whose provider sent none.
  if (provider.trim() === '' || subject.trim() === '') {
    throw new TypeError('linkIdentity: an identity needs a provider and a subject');
  }
  const [inserted] = await tx
    .insert(authIdentities)
    .values({ userId, provider, subject })
    .onConflictDoNothing({ target: [authIdentities.provider, authIdentities.subject] })
    .returning();
  if (inserted) return inserted;
  const existing = await findIdentity(tx, provider, subject);
  if (existing?.userId === userId) return existing;
  throw refusal('CONFLICT', SSO_STATE_MESSAGES.identityLinkedElsewhere);
}

/** The identity of that provider and subject, with its account, or undefined. A read only. */
export async function findIdentity(
  db: Queryable,
  provider: string,
  subject: string,
): Promise<AuthIdentity | undefined> {
  const [row] = await db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** An account's identities, oldest first. */
export function identitiesOf(db: Queryable, userId: number): Promise<AuthIdentity[]> {
  return db
    .select()
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
    .orderBy(asc(authIdentities.createdAt), asc(authIdentities.id));
}

/**
 * Removes one of an account's identities, unless it is the account's last way in (no password
 * and no other identity): then 409 in Spanish. The account's row is locked first, so two unlinks
 * of an account's last two identities at once cannot both pass the check. An identity that is
 * not the account's: 404.
 */
export async function unlinkIdentity(
  tx: Transaction,
  { userId, identityId }: { userId: number; identityId: number },
): Promise<void> {
  const [account] = await tx
    .select({ hasPassword: sql<boolean>`${users.password} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) throw notFound();
  const identities = await tx
    .select({ id: authIdentities.id })
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId));
  if (!identities.some((identity) => identity.id === identityId)) {
    throw refusal('NOT_FOUND', SSO_STATE_MESSAGES.identityNotYours);
  }
  if (!account.hasPassword && identities.length === 1) {
    throw refusal('CONFLICT', SSO_STATE_MESSAGES.lastWayIn);
  }
  await tx
    .delete(authIdentities)
    .where(and(eq(authIdentities.id, identityId), eq(authIdentities.userId, userId)));
}

/** Deletes a table's expired rows, a batch at a time; answers how many. */
function deleteExpired(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  expiresAt: PgColumn,
  onBatch?: (deleted: number) => Promise<void>,
): Promise<number> {
  return deleteInBatches(
    db,
    (limit) => sql`DELETE FROM ${table} WHERE ${key} IN (
              SELECT ${key} FROM ${table} WHERE ${expiresAt} <= now() LIMIT ${limit})`,
    { onBatch },
  );
}

/**
 * Deletes the sign-ins that were never answered in time and the seen assertions that could no
 * longer be accepted anyway; answers how many of each. `onBatch` hears the rows deleted so far
 * after each full batch (the job's progress, which renews its lease).
 */
export async function forgetExpiredSsoState(
  db: Executor,
  { onBatch }: { onBatch?: (deleted: number) => Promise<void> } = {},
): Promise<{ requests: number; assertions: number }> {
  const requests = await deleteExpired(
    db,
    ssoRequests,
    ssoRequests.id,
    ssoRequests.expiresAt,
    onBatch,
  );
  const assertions = await deleteExpired(
    db,
    ssoSeenAssertions,
    ssoSeenAssertions.assertionId,
    ssoSeenAssertions.expiresAt,
    onBatch && ((deleted) => onBatch(requests + deleted)),
  );
  return { requests, assertions };
}
