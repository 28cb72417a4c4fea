import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/handles';
import { userTokens, type UserTokenPurpose } from '../../db/schema';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';

/**
 * One-time tokens of users (confirmation, reset and sign-in links, refresh tokens), stored as
 * SHA-256 digests in `user_tokens`. A token is spent by a conditional UPDATE, so two requests
 * racing with the same token cannot both succeed.
 */

export type UserTokenRow = typeof userTokens.$inferSelect;

/** Expired rows are deleted now and then by whoever issues a token. */
const PURGE_PROBABILITY = 1 / 100;

/** Creates a token for the user and answers it (only its digest is stored). */
export async function issueUserToken(
  db: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
  expiresAt: Date,
): Promise<string> {
  const token = createOpaqueToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt,
    // Set here rather than by the database's now() (the transaction's start), so it compares
    // exactly with users.tokens_valid_after written by the same request.
    createdAt: new Date(),
  });
  if (Math.random() < PURGE_PROBABILITY) await purgeExpiredUserTokens(db);
  return token;
}

/**
 * Spends an unused, unexpired token of that purpose and answers its row, or undefined when the
 * token is unknown, spent or expired (then `findUserToken` tells which).
 */
export async function spendUserToken(
  db: Queryable,
  token: string,
  purpose: UserTokenPurpose,
  now = new Date(),
): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashOpaqueToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The row of a token of that purpose, spent or not. */
export async function findUserToken(
  db: Queryable,
  token: string,
  purpose: UserTokenPurpose,
): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashOpaqueToken(token)), eq(userTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Deletes a user's tokens of the given purposes (a new link replaces the previous ones). */
export async function deleteUserTokens(
  db: Queryable,
  userId: number,
  purposes: readonly UserTokenPurpose[],
): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, [...purposes])));
}

/** Deletes one token, whoever owns it (logout). */
export async function deleteUserToken(
  db: Queryable,
  token: string,
  purpose: UserTokenPurpose,
): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.tokenHash, hashOpaqueToken(token)), eq(userTokens.purpose, purpose)));
}

/**
 * Deletes tokens expired for more than a day. Spent refresh tokens are kept until they expire:
 * presenting one again is how a stolen token is detected.
 */
export async function purgeExpiredUserTokens(db: Queryable): Promise<void> {
  await db.delete(userTokens).where(lt(userTokens.expiresAt, sql`now() - interval '1 day'`));
}
