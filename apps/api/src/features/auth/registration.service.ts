import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ProfileType } from '@plataforma/shared';
import { roles, users } from '../../db/schema';
import { retryingTransaction } from '../../db/transaction';
import { AppError, forbidden } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { loadRenderContext, queueEmail } from '../../lib/mail/outbox';
import { createProfile, type ProfileOrigin } from '../profiles/profiles.service';
import { recordConsent } from '../legal/legal.service';
import type { AdminRegisterInput, RegisterInput } from '@plataforma/shared';
import { presentUser, type PublicUser } from './user.presenter';
import { findUserToken, issueUserToken, spendUserToken } from './user-tokens';
import type { Queryable } from '../../db/handles';
import {
  type AuthDeps,
  type UserRow,
  CONFIRMATION_TTL_MS,
  fieldError,
  assertGoodPassword,
  uniformly,
  userByEmail,
  displayName,
} from './auth.common';
import { sendResetLink } from './passwords.service';

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

/** The id of the users-permissions role of a profile type (created when missing). */
export async function roleIdOf(tx: Queryable, type: ProfileType): Promise<number> {
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

/** The username an email suggests: its local part without accents or other signs. */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40);
  return local.length >= 3 ? local : `usuario${local}`;
}

/** A free username from the email's local part ("ana.garcia", then "ana.garcia4821"...). */
export async function freeUsername(tx: Queryable, email: string): Promise<string> {
  const base = usernameBase(email);
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

const emailTaken = () =>
  fieldError('APPLICATION', 'email', 'email_taken', 'Email is already taken');
const usernameTaken = () =>
  fieldError('APPLICATION', 'username', 'username_taken', 'Username already taken');

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
  /** Who makes the account: its teacher's verification follows (ADR 0051). */
  origin: ProfileOrigin;
}

/**
 * Creates the user, its role and its profile record, then runs `then` (tokens, emails), all in one
 * transaction: a failure anywhere leaves no half-made account.
 */
async function createAccount(
  deps: AuthDeps,
  account: NewAccount,
  then: (tx: Queryable, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  try {
    return await retryingTransaction(deps.db, async (tx) => {
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
      await createProfile(tx, user.id, account.profileType, account.origin);
      await then(tx, user);
      return user;
    });
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

/**
 * `POST /api/users-permissions/register-partialy`: self sign-up as a student, teacher or
 * coordinator. The account starts unconfirmed; its consent to the privacy policy (the version the
 * person was shown, ADR 0035) is recorded and the confirmation email queued in the same
 * transaction.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<PublicUser> {
  assertGoodPassword(input.password, input.passwordConfirmation, input);
  const password = await hashPassword(input.password);
  const context = await loadRenderContext(deps.db, deps);
  const { privacyVersion, privacyAccepted: _accepted, ...account } = input;
  const user = await createAccount(
    deps,
    // A teacher is verified when invited or of a listed domain, pending otherwise (ADR 0051).
    { ...account, password, confirmed: false, origin: { by: 'sign-up', email: account.email } },
    async (tx, created) => {
      await recordConsent(tx, { userId: created.id, kind: 'privacy', version: privacyVersion });
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
  if (!isAdmin(actor) || actor.kind !== 'user') throw forbidden();
  const context = await loadRenderContext(deps.db, deps);
  const user = await createAccount(
    deps,
    { ...input, password: null, confirmed: true, origin: { by: 'admin', adminId: actor.userId } },
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
  return deps.entities.writeTransaction(async (tx): Promise<ConfirmationOutcome> => {
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
}

/** Where the confirmation link finally takes the person (the web's login page). */
export function confirmationRedirect(deps: AuthDeps, outcome: ConfirmationOutcome): string {
  const base = `${deps.publicUrl}/user/auth/login`;
  return outcome === 'confirmed'
    ? `${base}?confirmed=true`
    : `${base}?confirmed=false&reason=${outcome}`;
}

/** `POST /api/auth/send-email-confirmation {email}`: a new link if the account awaits one. */
export async function resendConfirmation(deps: AuthDeps, email: string): Promise<void> {
  await uniformly(deps, 'send-email-confirmation', async () => {
    const user = await userByEmail(deps.db, email);
    if (!user || user.confirmed || user.blocked) return;
    const context = await loadRenderContext(deps.db, deps);
    await retryingTransaction(deps.db, async (tx) => {
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
