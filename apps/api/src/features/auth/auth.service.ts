import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REMEMBER_ME_DAYS, type ProfileType } from '@plataforma/shared';
import type { Database } from '../../db/client';
import { roles, users } from '../../db/schema';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/password';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { tokensValidFrom, type TokenService } from '../../lib/tokens';
import { loadRenderContext, queueEmail } from '../../lib/mail/outbox';
import type { RenderContext } from '../../lib/mail/templates';
import { createProfile } from '../profiles/profiles.service';
import type { AdminRegisterInput, RegisterInput, SessionAnswer } from '@plataforma/shared';
import { presentUser, type PublicUser } from './user.presenter';
import {
  deleteUserToken,
  deleteUserTokens,
  findUserToken,
  issueUserToken,
  spendUserToken,
  type Executor,
} from './user-tokens';

/** What the authentication flows need from the app (house style rule 2: no HTTP here). */
export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  /** Where users reach the platform (PUBLIC_URL): links in emails and redirects point there. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * Called after a commit that changed users (password, confirmation, session validity), so the
   * accounts cached by plugins/actor.ts are dropped at once in this process; other processes hear
   * of it through the change feed.
   */
  usersChanged: () => void;
}

/** Lifetimes of the one-time tokens (ADR 0008). */
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const CONFIRMATION_TTL_MS = 7 * DAY_MS;
export const RESET_TTL_MS = 60 * MINUTE_MS;
export const LOGIN_LINK_TTL_MS = 15 * MINUTE_MS;
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

type UserRow = typeof users.$inferSelect;

const invalidCredentials = () => new AppError('VALIDATION', 'Invalid identifier or password');
const blockedAccount = () =>
  new AppError('VALIDATION', 'Your account has been blocked by an administrator');
const invalidRefreshToken = () => new AppError('UNAUTHORIZED', 'Invalid refresh token');
const incorrectCode = () => new AppError('VALIDATION', 'Incorrect code provided');

function fieldError(code: 'VALIDATION' | 'APPLICATION', path: string, message: string): AppError {
  return new AppError(code, message, {
    errors: [{ path: [path], message, name: 'ValidationError' }],
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Sessions                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Issues an access token and a refresh token (ending at `refreshExpiresAt`) for the user. */
async function openSession(
  deps: AuthDeps,
  tx: Executor,
  userId: number,
  refreshExpiresAt = new Date(Date.now() + REFRESH_TTL_MS),
): Promise<{ jwt: string; refreshToken: string }> {
  const refreshToken = await issueUserToken(tx, userId, 'refresh', refreshExpiresAt);
  return { jwt: deps.tokens.sign({ id: userId }), refreshToken };
}

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
  if (!user.confirmed) throw new AppError('VALIDATION', 'Your account email is not confirmed');
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
): Promise<{ jwt: string; refreshToken: string }> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
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
    return { kind: 'ok' as const, ...(await openSession(deps, tx, user.id, spent.expiresAt)) };
  });
  if (outcome.kind === 'replayed') {
    deps.usersChanged();
    deps.log.warn('a spent refresh token was presented again; the user’s sessions were ended');
  }
  if (outcome.kind !== 'ok') throw invalidRefreshToken();
  return { jwt: outcome.jwt, refreshToken: outcome.refreshToken };
}

/** `POST /api/auth/logout {refreshToken}`: the refresh token stops working. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  await deleteUserToken(deps.db, refreshToken, 'refresh');
}

/* ------------------------------------------------------------------------------------------ */
/* Registration                                                                               */
/* ------------------------------------------------------------------------------------------ */

/** Names of the users-permissions roles, created on first use when the database has none. */
const ROLE_NAMES: Record<ProfileType | 'authenticated', string> = {
  authenticated: 'Autenticado',
  student: 'Estudiante',
  teacher: 'Profesor',
  coordinator: 'Coordinador',
  admin: 'Administrador',
};

async function roleIdOf(tx: Executor, type: ProfileType): Promise<number> {
  const find = () => tx.select({ id: roles.id }).from(roles).where(eq(roles.type, type)).limit(1);
  const [existing] = await find();
  if (existing) return existing.id;
  await tx
    .insert(roles)
    .values({ type, name: ROLE_NAMES[type] })
    .onConflictDoNothing({ target: roles.type });
  const [created] = await find();
  if (!created) throw new AppError('INTERNAL', `Role ${type} could not be created`);
  return created.id;
}

/** A free username from the email's local part ("ana.garcia", then "ana.garcia4821"...). */
async function freeUsername(tx: Executor, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40);
  const base = local.length >= 3 ? local : `usuario${local}`;
  const candidates = [base, ...Array.from({ length: 5 }, () => `${base}${randomInt(1000, 10000)}`)];
  const taken = new Set(
    (
      await tx
        .select({ username: users.username })
        .from(users)
        .where(inArray(users.username, candidates))
    ).map((r) => r.username),
  );
  return candidates.find((c) => !taken.has(c)) ?? `${base}-${randomBytes(4).toString('hex')}`;
}

const emailTaken = () => fieldError('APPLICATION', 'email', 'Email is already taken');
const usernameTaken = () => fieldError('APPLICATION', 'username', 'Username already taken');

/** Maps a unique violation of up_users to the answer the person can act on. */
function takenError(error: unknown): AppError | undefined {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const { code, constraint } = (cause ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  if (constraint === 'up_users_email_unique') return emailTaken();
  if (constraint === 'up_users_username_unique') return usernameTaken();
  return undefined;
}

interface NewAccount {
  email: string;
  username?: string | undefined;
  name: string;
  surname?: string | undefined;
  phone?: string | undefined;
  profileType: ProfileType;
  password: string | null;
  confirmed: boolean;
}

/**
 * Creates the user, its role and its profile record, then runs `then` (tokens, emails), all in one
 * transaction: a failure anywhere leaves no half-made account.
 */
async function createAccount(
  deps: AuthDeps,
  account: NewAccount,
  then: (tx: Executor, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [sameEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${account.email})`)
        .limit(1);
      if (sameEmail) throw emailTaken();
      let username = account.username;
      if (username) {
        const [sameUsername] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, username))
          .limit(1);
        if (sameUsername) throw usernameTaken();
      } else {
        username = await freeUsername(tx, account.email);
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          username,
          password: account.password,
          confirmed: account.confirmed,
          blocked: false,
          provider: 'local',
          name: account.name,
          surname: account.surname ?? null,
          phone: account.phone ?? null,
          profileType: account.profileType,
          roleId: await roleIdOf(tx, account.profileType),
        })
        .returning();
      if (!user) throw new AppError('INTERNAL', 'The user was not created');
      await createProfile(tx, user.id, account.profileType);
      await then(tx, user);
      return user;
    });
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

/** The checks every new password goes through; the messages are Spanish (the web shows them). */
function assertGoodPassword(
  password: string,
  confirmation: string | undefined,
  owner: Parameters<typeof passwordProblem>[1],
): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldError('VALIDATION', 'password', problem);
  if (confirmation !== undefined && confirmation !== password) {
    throw fieldError('VALIDATION', 'passwordConfirmation', 'Passwords do not match');
  }
}

/**
 * `POST /api/users-permissions/register-partialy`: self sign-up as a student, teacher or
 * coordinator. The account starts unconfirmed; the confirmation email is queued in the same
 * transaction.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<PublicUser> {
  assertGoodPassword(input.password, input.passwordConfirmation, input);
  const password = await hashPassword(input.password);
  const context = await loadRenderContext(deps.db, deps);
  const user = await createAccount(
    deps,
    { ...input, password, confirmed: false },
    async (tx, created) => {
      const token = await issueUserToken(
        tx,
        created.id,
        'confirmation',
        new Date(Date.now() + CONFIRMATION_TTL_MS),
      );
      await queueEmail(
        tx,
        created.email,
        'confirmation',
        { name: displayName(created), link: confirmationLink(deps, token) },
        context,
      );
    },
  );
  return presentUser(user);
}

/**
 * `POST /api/users-permissions/admin-register`: an admin creates an account of any profile type.
 * It is confirmed (an admin vouches for the address) and has no password: the person receives a
 * link of the reset flow and chooses one, so no password ever passes through an admin.
 */
export async function adminRegister(
  deps: AuthDeps,
  actor: Actor,
  input: AdminRegisterInput,
): Promise<PublicUser> {
  // The route refuses anyone else before reading the body; this keeps the rule where it acts.
  if (!isAdmin(actor)) throw forbidden();
  const context = await loadRenderContext(deps.db, deps);
  const user = await createAccount(
    deps,
    { ...input, password: null, confirmed: true },
    async (tx, created) => {
      await sendResetLink(deps, tx, created, context);
    },
  );
  return presentUser(user);
}

/* ------------------------------------------------------------------------------------------ */
/* Email confirmation                                                                         */
/* ------------------------------------------------------------------------------------------ */

function confirmationLink(deps: AuthDeps, token: string): string {
  return `${deps.publicUrl}/api/auth/email-confirmation?confirmation=${encodeURIComponent(token)}`;
}

export type ConfirmationOutcome = 'confirmed' | 'expired' | 'invalid';

/**
 * `GET /api/auth/email-confirmation?confirmation=`: spends the token and confirms its user. A link
 * opened again after it worked still says "confirmed" (people click twice); an expired one says so,
 * so the web can offer to send a new one.
 */
export async function confirmEmail(deps: AuthDeps, token: unknown): Promise<ConfirmationOutcome> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return 'invalid';
  const outcome = await deps.db.transaction(async (tx): Promise<ConfirmationOutcome> => {
    const spent = await spendUserToken(tx, token, 'confirmation');
    if (spent) {
      await tx.update(users).set({ confirmed: true }).where(eq(users.id, spent.userId));
      return 'confirmed';
    }
    const row = await findUserToken(tx, token, 'confirmation');
    if (!row) return 'invalid';
    if (row.usedAt) {
      const [user] = await tx
        .select({ confirmed: users.confirmed })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      return user?.confirmed ? 'confirmed' : 'invalid';
    }
    return 'expired';
  });
  if (outcome === 'confirmed') deps.usersChanged();
  return outcome;
}

/** Where the confirmation link finally takes the person (the web's login page). */
export function confirmationRedirect(deps: AuthDeps, outcome: ConfirmationOutcome): string {
  const base = `${deps.publicUrl}/user/auth/login`;
  return outcome === 'confirmed'
    ? `${base}?confirmed=true`
    : `${base}?confirmed=false&reason=${outcome}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Answers that must not reveal whether an account exists                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Runs the work for an email address that may or may not have an account, and returns no sooner
 * than UNIFORM_ANSWER_MS after it started. A failure is logged, not answered: the answer must be
 * the same either way, and the person can ask again.
 */
async function uniformly(deps: AuthDeps, what: string, work: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await work();
  } catch (error) {
    deps.log.error({ err: error }, `${what} failed`);
  }
  const remaining = UNIFORM_ANSWER_MS - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
}

async function userByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

/** `POST /api/auth/send-email-confirmation {email}`: a new link if the account awaits one. */
export async function resendConfirmation(deps: AuthDeps, email: string): Promise<void> {
  await uniformly(deps, 'send-email-confirmation', async () => {
    const user = await userByEmail(deps.db, email);
    if (!user || user.confirmed || user.blocked) return;
    const context = await loadRenderContext(deps.db, deps);
    await deps.db.transaction(async (tx) => {
      const token = await issueUserToken(
        tx,
        user.id,
        'confirmation',
        new Date(Date.now() + CONFIRMATION_TTL_MS),
      );
      await queueEmail(
        tx,
        user.email,
        'confirmation',
        { name: displayName(user), link: confirmationLink(deps, token) },
        context,
      );
    });
  });
}

/** A reset link replacing the previous ones, queued in the caller's transaction. */
async function sendResetLink(
  deps: AuthDeps,
  tx: Executor,
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
  const outcome = await deps.db.transaction(async (tx) => {
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
    throw new AppError('VALIDATION', 'Invalid or expired sign-in link');
  }
  deps.usersChanged();
  return { jwt: outcome.jwt, user: outcome.user, refreshToken: outcome.refreshToken };
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
  spend: (tx: Executor) => Promise<boolean>,
): Promise<SessionAnswer | undefined> {
  const answer = await deps.db.transaction(async (tx) => {
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
  if (answer) deps.usersChanged();
  return answer;
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
    throw fieldError('VALIDATION', 'passwordConfirmation', 'Passwords do not match');
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
    throw fieldError('VALIDATION', 'passwordConfirmation', 'Passwords do not match');
  }
  if (!user.password || !(await verifyPassword(user.password, input.currentPassword))) {
    throw fieldError('VALIDATION', 'currentPassword', 'The provided current password is invalid');
  }
  if (input.currentPassword === input.password) {
    throw fieldError(
      'VALIDATION',
      'password',
      'Your new password must be different than your current password',
    );
  }
  assertGoodPassword(input.password, undefined, user);
  const passwordHash = await hashPassword(input.password);
  const answer = await replacePassword(deps, user.id, passwordHash, () => Promise.resolve(true));
  if (!answer) throw unauthorized();
  return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* Emails                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The person's name as an email greets them: one line, never empty. */
function displayName(user: Pick<UserRow, 'name' | 'username'>): string {
  const name = (user.name ?? '').replace(/\p{Cc}+/gu, ' ').trim();
  return (name || user.username).slice(0, 200);
}
