import { eq, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { loadRenderContext, queueEmail } from '../../lib/mail/outbox';
import type { SessionAnswer } from '@plataforma/shared';
import { presentUser } from './user.presenter';
import {
  deleteUserToken,
  deleteUserTokens,
  findUserToken,
  issueUserToken,
  spendUserToken,
} from './user-tokens';
import {
  type AuthDeps,
  LOGIN_LINK_TTL_MS,
  REFRESH_REUSE_GRACE_MS,
  invalidCredentials,
  unconfirmedEmail,
  blockedAccount,
  invalidRefreshToken,
  openSession,
  uniformly,
  userByEmail,
  displayName,
} from './auth.common';

/* ------------------------------------------------------------------------------------------ */
/* Sessions                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Compared against when the identifier matches nobody, so both failures take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * `POST /api/auth/local`: a session for an identifier (email, any case, or username) and password.
 * Unknown user and wrong password give the same answer; "not confirmed" and "blocked" are said
 * only after a correct password.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  identifier: string,
  password: string,
): Promise<SessionAnswer> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${identifier})`, eq(users.username, identifier)))
    .limit(1);
  if (!user?.password) {
    decoyHash ??= hashPassword('decoy password for timing');
    await verifyPassword(await decoyHash, password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password, password))) throw invalidCredentials();
  if (!user.confirmed) throw unconfirmedEmail();
  if (user.blocked) throw blockedAccount();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const session = await openSession(deps, tx, user.id);
    return { ...session, user: presentUser(updated ?? user) };
  });
}

/**
 * `POST /auth {refreshToken}`: spends the refresh token and answers a new access token and a new
 * refresh token ending when the spent one would have (a session never outlives "remember me").
 * A spent token presented again after the grace time means it was copied: every refresh token of
 * its user is deleted and every access token already issued is refused (RFC 9700 §4.14.2).
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
): Promise<{ jwt: string; refreshToken: string; expiresAt: Date }> {
  const now = new Date();
  const outcome = await deps.entities.writeTransaction(async (tx) => {
    const spent = await spendUserToken(tx, refreshToken, 'refresh', now);
    if (!spent) {
      const row = await findUserToken(tx, refreshToken, 'refresh');
      const isReplay =
        row?.usedAt != null &&
        row.expiresAt > now &&
        now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS;
      if (!row || !isReplay) return { kind: 'invalid' as const };
      await deleteUserTokens(tx, row.userId, ['refresh']);
      // Rounded up: access tokens issued during this very second are refused too.
      await tx
        .update(users)
        .set({ tokensValidAfter: new Date((Math.floor(now.getTime() / 1000) + 1) * 1000) })
        .where(eq(users.id, row.userId));
      return { kind: 'replayed' as const };
    }
    const [user] = await tx
      .select({ id: users.id, blocked: users.blocked, tokensValidAfter: users.tokensValidAfter })
      .from(users)
      .where(eq(users.id, spent.userId))
      .limit(1);
    if (!user || user.blocked) return { kind: 'invalid' as const };
    if (user.tokensValidAfter && spent.createdAt < user.tokensValidAfter) {
      return { kind: 'invalid' as const };
    }
    const session = await openSession(deps, tx, user.id, spent.expiresAt);
    return { kind: 'ok' as const, ...session, expiresAt: spent.expiresAt };
  });
  if (outcome.kind === 'replayed') {
    deps.log.warn('a spent refresh token was presented again; the user’s sessions were ended');
  }
  if (outcome.kind !== 'ok') throw invalidRefreshToken();
  return { jwt: outcome.jwt, refreshToken: outcome.refreshToken, expiresAt: outcome.expiresAt };
}

/** `POST /api/auth/logout {refreshToken}`: the refresh token stops working. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  await deleteUserToken(deps.db, refreshToken, 'refresh');
}

/**
 * `POST /auth/request-message {userData: {email}}`: a one-time sign-in link (15 minutes) if the
 * account exists. The link opens the web's login page, which exchanges it with `exchangeLoginLink`.
 */
export async function requestLoginLink(deps: AuthDeps, email: string): Promise<void> {
  await uniformly(deps, 'request-message', async () => {
    const user = await userByEmail(deps.db, email);
    if (!user || user.blocked) return;
    const context = await loadRenderContext(deps.db, deps);
    await deps.db.transaction(async (tx) => {
      await deleteUserTokens(tx, user.id, ['login']);
      const token = await issueUserToken(
        tx,
        user.id,
        'login',
        new Date(Date.now() + LOGIN_LINK_TTL_MS),
      );
      await queueEmail(
        tx,
        user.email,
        'login',
        {
          name: displayName(user),
          link: `${deps.publicUrl}/user/auth/login?loginToken=${encodeURIComponent(token)}`,
        },
        context,
      );
    });
  });
}

/**
 * `POST /api/auth/login-link {token}`: spends a sign-in link and opens a session. The link proves
 * the person reads that mailbox, so an unconfirmed account becomes confirmed.
 */
export async function exchangeLoginLink(deps: AuthDeps, token: string): Promise<SessionAnswer> {
  const outcome = await deps.entities.writeTransaction(async (tx) => {
    const spent = await spendUserToken(tx, token, 'login');
    if (!spent) return { kind: 'invalid' as const };
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId)).limit(1);
    if (!user) return { kind: 'invalid' as const };
    if (user.blocked) return { kind: 'blocked' as const };
    const [updated] = await tx
      .update(users)
      .set({ confirmed: true, lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const session = await openSession(deps, tx, user.id);
    return { kind: 'ok' as const, ...session, user: presentUser(updated ?? user) };
  });
  if (outcome.kind === 'blocked') throw blockedAccount();
  if (outcome.kind === 'invalid') {
    throw new AppError('VALIDATION', 'Invalid or expired sign-in link', { code: 'incorrect_code' });
  }
  return { jwt: outcome.jwt, user: outcome.user, refreshToken: outcome.refreshToken };
}
