import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REMEMBER_ME_DAYS, type ApiErrorCode } from '@plataforma/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { passwordProblem } from '../../lib/password';
import type { EntityService } from '../../lib/strapi/engine';
import { type TokenService } from '../../lib/tokens';
import type { SessionAnswer } from '@plataforma/shared';
import { issueUserToken } from './user-tokens';
import type { Queryable } from '../../db/handles';

/*
 * What the authentication services share (ADR 0008): their dependencies, token lifetimes, the
 * errors they answer, sessions, password checks and answers that do not tell whether an account
 * exists. The flows themselves: sessions.service.ts (sign-in, refresh, sign-out, sign-in links),
 * registration.service.ts (sign-up, admin registration, email confirmation) and
 * passwords.service.ts (reset and change), tested alike.
 */

/** What the authentication flows need from the app (house style rule 2: no HTTP here). */
export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  /** Where users reach the platform (PUBLIC_URL): links in emails and redirects point there. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * The writes that change users (password, confirmation, session validity) go through the
   * engine's write transaction, so the accounts cached by plugins/actor.ts are dropped at once in
   * this process; other processes hear of it through the change feed.
   */
  entities: Pick<EntityService, 'writeTransaction'>;
}

/** Lifetimes of the one-time tokens (ADR 0008). */
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const CONFIRMATION_TTL_MS = 7 * DAY_MS;
export const RESET_TTL_MS = 60 * MINUTE_MS;
export const LOGIN_LINK_TTL_MS = 15 * MINUTE_MS;
/**
 * An invitation to an account an admin loaded (ADR 0048): a reset code that lasts long enough
 * for someone who reads their university mail once a week.
 */
export const INVITATION_TTL_DAYS = 14;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;
/** A session lasts as long as the web's "remember me" cookie (spec §4 Session, §9). */
export const REFRESH_TTL_MS = REMEMBER_ME_DAYS * DAY_MS;
/**
 * A refresh token presented again within this time of its rotation is refused without ending the
 * session: two tabs of one browser refreshing at once must not log their user out.
 */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;
/**
 * The answers that must not tell whether an account exists are sent no sooner than this after the
 * request arrived, so the work done for an existing account (a token, an email) cannot be timed.
 */
export const UNIFORM_ANSWER_MS = 250;

export type { SessionAnswer };

export type UserRow = typeof users.$inferSelect;

/*
 * The refusals keep users-permissions' English messages (Strapi clients read them) and carry a
 * code for clients to match on (`details.code`, docs/api.md "Error codes").
 */
export const invalidCredentials = () =>
  new AppError('VALIDATION', 'Invalid identifier or password', { code: 'invalid_credentials' });
export const unconfirmedEmail = () =>
  new AppError('VALIDATION', 'Your account email is not confirmed', {
    code: 'email_not_confirmed',
  });
export const blockedAccount = () =>
  new AppError('VALIDATION', 'Your account has been blocked by an administrator', {
    code: 'account_blocked',
  });
export const invalidRefreshToken = () => new AppError('UNAUTHORIZED', 'Invalid refresh token');
export const incorrectCode = () =>
  new AppError('VALIDATION', 'Incorrect code provided', { code: 'incorrect_code' });

/** A refusal about one field: its code both on the answer and on the field's entry. */
export function fieldError(
  status: 'VALIDATION' | 'APPLICATION',
  path: string,
  code: ApiErrorCode,
  message: string,
): AppError {
  return new AppError(status, message, {
    code,
    errors: [{ path: [path], message, name: 'ValidationError', code }],
  });
}

/** Issues an access token and a refresh token (ending at `refreshExpiresAt`) for the user. */
export async function openSession(
  deps: AuthDeps,
  tx: Queryable,
  userId: number,
  refreshExpiresAt = new Date(Date.now() + REFRESH_TTL_MS),
): Promise<{ jwt: string; refreshToken: string }> {
  const refreshToken = await issueUserToken(tx, userId, 'refresh', refreshExpiresAt);
  return { jwt: deps.tokens.sign({ id: userId }), refreshToken };
}

/** The checks every new password goes through; the messages are Spanish (the web shows them). */
export function assertGoodPassword(
  password: string,
  confirmation: string | undefined,
  owner: Parameters<typeof passwordProblem>[1],
): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldError('VALIDATION', 'password', 'password_rule', problem);
  if (confirmation !== undefined && confirmation !== password) {
    throw fieldError(
      'VALIDATION',
      'passwordConfirmation',
      'passwords_differ',
      'Passwords do not match',
    );
  }
}

/**
 * Runs the work for an email address that may or may not have an account, and returns no sooner
 * than UNIFORM_ANSWER_MS after it started. A failure is logged, not answered: the answer must be
 * the same either way, and the person can ask again.
 */
export async function uniformly(
  deps: AuthDeps,
  what: string,
  work: () => Promise<void>,
): Promise<void> {
  const started = performance.now();
  try {
    await work();
  } catch (error) {
    deps.log.error({ err: error }, `${what} failed`);
  }
  const remaining = UNIFORM_ANSWER_MS - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
}

export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

/* ------------------------------------------------------------------------------------------ */
/* Emails                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The person's name as an email greets them: one line, never empty. */
export function displayName(user: Pick<UserRow, 'name' | 'username'>): string {
  const name = (user.name ?? '').replace(/\p{Cc}+/gu, ' ').trim();
  return (name || user.username).slice(0, 200);
}
