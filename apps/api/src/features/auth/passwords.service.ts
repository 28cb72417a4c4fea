import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { type Actor } from '../../lib/strapi/actor';
import { tokensValidFrom } from '../../lib/tokens';
import { loadRenderContext, queueEmail } from '../../lib/mail/outbox';
import type { RenderContext } from '../../lib/mail/templates';
import type { SessionAnswer } from '@plataforma/shared';
import { presentUser } from './user.presenter';
import { deleteUserTokens, findUserToken, issueUserToken, spendUserToken } from './user-tokens';
import type { Queryable } from '../../db/handles';
import {
  type AuthDeps,
  type UserRow,
  RESET_TTL_MS,
  blockedAccount,
  incorrectCode,
  fieldError,
  openSession,
  assertGoodPassword,
  uniformly,
  userByEmail,
  displayName,
} from './auth.common';

/** A reset link replacing the previous ones, queued in the caller's transaction. */
export async function sendResetLink(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  context: RenderContext,
): Promise<void> {
  await deleteUserTokens(tx, user.id, ['reset']);
  const token = await issueUserToken(tx, user.id, 'reset', new Date(Date.now() + RESET_TTL_MS));
  await queueEmail(
    tx,
    user.email,
    'reset',
    {
      name: displayName(user),
      link: `${deps.publicUrl}/reset-password?code=${encodeURIComponent(token)}`,
    },
    context,
  );
}

/** `POST /api/auth/forgot-password {email}`: a reset link if the account exists. */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  await uniformly(deps, 'forgot-password', async () => {
    const user = await userByEmail(deps.db, email);
    if (!user || user.blocked) return;
    const context = await loadRenderContext(deps.db, deps);
    await deps.db.transaction((tx) => sendResetLink(deps, tx, user, context));
  });
}

/* ------------------------------------------------------------------------------------------ */
/* New passwords                                                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * Stores a new password, ends every other session (tokens issued before this second are refused,
 * refresh tokens and pending links are deleted) and opens a new session, in one transaction.
 * `spend` runs first inside it and may refuse (a code spent by a racing request).
 */
async function replacePassword(
  deps: AuthDeps,
  userId: number,
  passwordHash: string,
  spend: (tx: Queryable) => Promise<boolean>,
): Promise<SessionAnswer | undefined> {
  return deps.entities.writeTransaction(async (tx) => {
    if (!(await spend(tx))) return undefined;
    const [updated] = await tx
      .update(users)
      // A reset link proves the mailbox too, which confirms the account.
      .set({ password: passwordHash, tokensValidAfter: tokensValidFrom(), confirmed: true })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) return undefined;
    await deleteUserTokens(tx, userId, ['reset', 'login', 'refresh']);
    const session = await openSession(deps, tx, userId);
    return { ...session, user: presentUser(updated) };
  });
}

/**
 * `POST /api/auth/reset-password {password, passwordConfirmation, code}`: a reset code (single
 * use, one hour) sets a new password and opens a session; every other session ends.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { code: string; password: string; passwordConfirmation: string },
): Promise<SessionAnswer> {
  if (input.password !== input.passwordConfirmation) {
    throw fieldError(
      'VALIDATION',
      'passwordConfirmation',
      'passwords_differ',
      'Passwords do not match',
    );
  }
  const row = await findUserToken(deps.db, input.code, 'reset');
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw incorrectCode();
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw incorrectCode();
  if (user.blocked) throw blockedAccount();
  assertGoodPassword(input.password, undefined, user);
  const passwordHash = await hashPassword(input.password);
  const answer = await replacePassword(deps, user.id, passwordHash, async (tx) =>
    Boolean(await spendUserToken(tx, input.code, 'reset')),
  );
  if (!answer) throw incorrectCode();
  return answer;
}

/**
 * `POST /api/auth/change-password {currentPassword, password, passwordConfirmation}` (bearer):
 * checks the current password, stores the new one and answers a fresh session; every other
 * session of the user ends.
 */
export async function changePassword(
  deps: AuthDeps,
  actor: Actor,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<SessionAnswer> {
  if (actor.kind !== 'user') throw forbidden();
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw unauthorized();
  if (input.password !== input.passwordConfirmation) {
    throw fieldError(
      'VALIDATION',
      'passwordConfirmation',
      'passwords_differ',
      'Passwords do not match',
    );
  }
  if (!user.password || !(await verifyPassword(user.password, input.currentPassword))) {
    throw fieldError(
      'VALIDATION',
      'currentPassword',
      'current_password_invalid',
      'The provided current password is invalid',
    );
  }
  if (input.currentPassword === input.password) {
    throw fieldError(
      'VALIDATION',
      'password',
      'same_password',
      'Your new password must be different than your current password',
    );
  }
  assertGoodPassword(input.password, undefined, user);
  const passwordHash = await hashPassword(input.password);
  const answer = await replacePassword(deps, user.id, passwordHash, () => Promise.resolve(true));
  if (!answer) throw unauthorized();
  return answer;
}
