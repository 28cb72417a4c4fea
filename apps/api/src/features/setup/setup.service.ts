import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  FEATURES,
  PROFILE_TYPES,
  SETUP_MESSAGES,
  SETUP_PATH,
  SETUP_TOKEN_TTL_HOURS,
  foldSetupName,
  joinUniversityNames,
  setupAccountProblems,
  setupInstallationProblems,
  tidySetupText,
  type Feature,
  type SessionAnswer,
  type SetupAccountFields,
  type SetupBody,
  type SetupFields,
  type SetupProblem,
  type SetupStatusAnswer,
  type WRITABLE_FEATURES,
} from '@plataforma/shared';
import type { Database } from '../../db/client';
import {
  brandingSaas,
  brandings,
  featurePermissions,
  setupTokens,
  universities,
  users,
} from '../../db/schema';
import { retryingTransaction } from '../../db/transaction';
import type { Queryable, Transaction } from '../../db/handles';
import { AppError, refusal } from '../../lib/errors';
import { hashPassword, passwordProblem } from '../../lib/password';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import { openSession, type AuthDeps, type UserRow } from '../auth/auth.common';
import { freeUsername, roleIdOf } from '../auth/registration.service';
import { presentUser } from '../auth/user.presenter';
import { createProfile } from '../profiles/profiles.service';
import { SETUP_TEXTS } from './setup.texts';

/*
 * The first start of an installation (ADR 0064). While the database has no administrator (an
 * account whose profileType is `admin`), each start of the server prints a one-time setup link;
 * the page it opens checks it (`checkSetupToken`) and sends the form (`completeSetup`), which
 * creates the first administrator, the universities, the branding's basics and the default
 * feature switches in one transaction and signs the administrator in. `npm run admin:create`
 * makes further administrators with the same `createAdministrator`.
 */

const HOUR_MS = 60 * 60 * 1000;
export const SETUP_TOKEN_TTL_MS = SETUP_TOKEN_TTL_HOURS * HOUR_MS;

/**
 * Serialises the setups: two forms sent at once cannot both find no administrator and both make
 * one. Next to the other advisory locks' keys (seed 727_275, imports 727_276-7, catalogue 727_280).
 */
const SETUP_LOCK = 727_281;

/**
 * Databases known to have an administrator. Once one exists the setup is closed for good in
 * practice (an admin cannot delete their own account, ADR 0054), so the answer is kept and the
 * page `/setup` costs no query; the rare database that loses its last administrator through an
 * admin demoting themselves reopens the setup at the next start, or `npm run admin:create`.
 */
const withAdministrator = new WeakSet<Database>();

async function administratorIn(db: Queryable): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.profileType, 'admin'))
    .limit(1);
  return row !== undefined;
}

/** Whether the database has an administrator (remembered once it has). */
export async function hasAdministrator(db: Database): Promise<boolean> {
  if (withAdministrator.has(db)) return true;
  const found = await administratorIn(db);
  if (found) withAdministrator.add(db);
  return found;
}

/* ------------------------------------------------------------------------------------------ */
/* The setup link                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * A new setup token, valid for 24 hours; only its hash is stored. Links printed by earlier starts
 * keep working until they expire: the operator may open any of them. Expired and spent ones are
 * deleted here.
 */
export async function issueSetupToken(
  db: Queryable,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  await db
    .delete(setupTokens)
    .where(or(lt(setupTokens.expiresAt, now), isNotNull(setupTokens.usedAt)));
  const token = createOpaqueToken();
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS);
  await db
    .insert(setupTokens)
    .values({ tokenHash: hashOpaqueToken(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The setup page's address for a token. */
export function setupLink(publicUrl: string, token: string): string {
  return `${publicUrl}${SETUP_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * On a start with no administrator: makes a setup token and writes the lines that give its link
 * to the operator, one at a time (`write` adds the line break). Answers whether it did. server.ts
 * calls it in the first process once the database is ready.
 */
export async function announceSetupLink(
  db: Database,
  publicUrl: string,
  write: (line: string) => void,
): Promise<boolean> {
  if (await hasAdministrator(db)) return false;
  const { token } = await issueSetupToken(db);
  for (const line of SETUP_TEXTS.announcement(setupLink(publicUrl, token))) write(line);
  return true;
}

type Refusal = keyof typeof SETUP_TEXTS.refused;

/** 403, in Spanish, with why (`details.reason`), so the page can say what to do. */
function refused(reason: Refusal): AppError {
  return refusal('FORBIDDEN', SETUP_TEXTS.refused[reason], { reason });
}

/** 404 once an administrator exists: the setup is no more. */
export const setupClosed = () => refusal('NOT_FOUND', SETUP_TEXTS.closed);

/** Why a token is not usable now, or undefined when it is (answers its expiry then). */
async function tokenState(
  db: Queryable,
  token: string | undefined,
  now: Date,
): Promise<{ refusal: Refusal } | { expiresAt: Date }> {
  if (!token) return { refusal: 'missing' };
  const [row] = await db
    .select({ usedAt: setupTokens.usedAt, expiresAt: setupTokens.expiresAt })
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, hashOpaqueToken(token)))
    .limit(1);
  if (!row) return { refusal: 'invalid' };
  if (row.usedAt) return { refusal: 'used' };
  if (row.expiresAt <= now) return { refusal: 'expired' };
  return { expiresAt: row.expiresAt };
}

/**
 * `GET /api/setup?token=`: 200 while the link works, 403 with why when it does not, 404 once an
 * administrator exists.
 */
export async function checkSetupToken(
  db: Database,
  token: string | undefined,
): Promise<SetupStatusAnswer> {
  if (await hasAdministrator(db)) throw setupClosed();
  const state = await tokenState(db, token, new Date());
  if ('refusal' in state) throw refused(state.refusal);
  return { valid: true, expiresAt: state.expiresAt.toISOString() };
}

/* ------------------------------------------------------------------------------------------ */
/* Administrators                                                                             */
/* ------------------------------------------------------------------------------------------ */

export interface NewAdministrator {
  /** Trimmed, lower case. */
  email: string;
  name: string;
  surname?: string | undefined;
  /** The argon2 hash of the chosen password. */
  passwordHash: string;
}

const emailTaken = () =>
  refusal('VALIDATION', SETUP_MESSAGES.emailTaken, {
    errors: [{ path: ['email'], message: SETUP_MESSAGES.emailTaken, name: 'ValidationError' }],
  });

/**
 * Creates an administrator's account as every admin account must look: the users-permissions
 * role `admin`, profileType `admin`, confirmed (the person who installs vouches for the address),
 * local provider, an argon2 hash, and its profile record (admins have none today, but every new
 * account goes through `createProfile`). An email already registered, in any case, is a 400 at
 * `email`. Call it in the transaction that needs it; `/setup` and `npm run admin:create` share it.
 */
export async function createAdministrator(
  tx: Transaction,
  account: NewAdministrator,
): Promise<UserRow> {
  const [same] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${account.email})`)
    .limit(1);
  if (same) throw emailTaken();
  let user: UserRow | undefined;
  try {
    [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        username: await freeUsername(tx, account.email),
        password: account.passwordHash,
        confirmed: true,
        blocked: false,
        provider: 'local',
        name: account.name,
        surname: account.surname ?? null,
        profileType: 'admin',
        roleId: await roleIdOf(tx, 'admin'),
      })
      .returning();
  } catch (error) {
    // A sign-up with the same address that committed since the check above: the transaction
    // is lost either way, and the person is told the address is taken.
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    const { constraint } = (cause ?? {}) as { constraint?: unknown };
    if (constraint === 'up_users_email_unique') throw emailTaken();
    throw error;
  }
  if (!user) throw new AppError('INTERNAL', 'The administrator was not created');
  await createProfile(tx, user.id, 'admin', { by: 'admin', adminId: user.id });
  return user;
}

/** The problems of an administrator's own fields, the password's list of common ones included. */
export function administratorProblems(input: SetupAccountFields): SetupProblem[] {
  const problems = setupAccountProblems(input);
  if (!problems.some((problem) => problem.path[0] === 'password')) {
    const weakness = passwordProblem(input.password, input);
    // Where the form has it: before its repetition's problem, if any.
    const at = problems.findIndex((problem) => problem.path[0] === 'passwordConfirmation');
    if (weakness) {
      problems.splice(at < 0 ? problems.length : at, 0, { path: ['password'], message: weakness });
    }
  }
  return problems;
}

/**
 * `npm run admin:create`: one more administrator (the first, when none exists yet), checked as
 * the setup form checks its own fields, in a transaction that also deletes the setup links
 * (a first administrator closes the setup, ADR 0064) and, on an installation that has none, puts
 * in the default feature switches as the setup does, so a platform set up from a script is not
 * left with every feature off. 400 listing every problem; an address already registered is one
 * of them.
 */
export async function addAdministrator(db: Database, fields: SetupAccountFields): Promise<UserRow> {
  const input: SetupAccountFields = {
    ...fields,
    name: tidySetupText(fields.name),
    surname: fields.surname === undefined ? undefined : tidySetupText(fields.surname) || undefined,
    email: fields.email.trim().toLowerCase(),
  };
  const problems = administratorProblems(input);
  if (problems.length > 0) throw problemsError(problems);
  const passwordHash = await hashPassword(input.password);
  const user = await retryingTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
    const created = await createAdministrator(tx, { ...input, passwordHash });
    if ((await tx.$count(featurePermissions)) === 0) {
      await tx.insert(featurePermissions).values(defaultFeatureSwitches());
    }
    await tx.delete(setupTokens);
    return created;
  });
  withAdministrator.add(db);
  return user;
}

/** A 400 listing every problem at its field, in Spanish. */
export function problemsError(problems: SetupProblem[]): AppError {
  const [first] = problems;
  return refusal(
    'VALIDATION',
    problems.length === 1 && first ? first.message : SETUP_TEXTS.problems(problems.length),
    {
      errors: problems.map(({ path, message }) => ({ path, message, name: 'ValidationError' })),
    },
  );
}

/* ------------------------------------------------------------------------------------------ */
/* The setup                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Roles of the feature switches: visitors ("public", also accounts without a profile type yet). */
const SWITCH_ROLES = ['public', ...PROFILE_TYPES] as const;
type SwitchRole = (typeof SWITCH_ROLES)[number];

/**
 * Who writes what at a new installation (spec §3 Permissions per feature; ADR 0064): every feature
 * is on for everyone, so the platform works as the spec describes from the first day, and the
 * admins turn off what their university does not use (Ajustes → Permisos). Projects are created
 * and edited by teachers and coordinators, a student's final work by the student, an
 * organisation by its coordinator; admins write everything. Visitors write nothing.
 */
export const DEFAULT_WRITERS: Readonly<Record<(typeof WRITABLE_FEATURES)[number], SwitchRole[]>> = {
  projects: ['teacher', 'coordinator', 'admin'],
  tfxes: ['student', 'admin'],
  organizations: ['coordinator', 'admin'],
};

/** The default switches, one row per role and feature. */
export function defaultFeatureSwitches() {
  return SWITCH_ROLES.flatMap((role) =>
    FEATURES.map((feature: Feature) => {
      const writers = (DEFAULT_WRITERS as Partial<Record<Feature, SwitchRole[]>>)[feature] ?? [];
      const writes = writers.includes(role);
      return { role, feature, enabled: true, create: writes, update: writes };
    }),
  );
}

/** The form's values as they are kept: names tidied, the email in lower case, empty as absent. */
function normalise(body: SetupBody): SetupFields {
  const optional = (value: string | undefined) => {
    const text = tidySetupText(value ?? '');
    return text === '' ? undefined : text;
  };
  return {
    name: tidySetupText(body.name),
    surname: optional(body.surname),
    email: body.email.trim().toLowerCase(),
    password: body.password,
    passwordConfirmation: body.passwordConfirmation,
    projectName: tidySetupText(body.projectName),
    universities: body.universities.map(tidySetupText),
    mainColor: body.mainColor.trim().toUpperCase(),
    secondaryColor: body.secondaryColor.trim().toUpperCase(),
    mailTo: optional(body.mailTo)?.toLowerCase(),
  };
}

/** The universities not yet in the catalogue (compared as people read names). */
async function addUniversities(tx: Transaction, names: readonly string[]): Promise<void> {
  const known = new Set(
    (await tx.select({ name: universities.name }).from(universities)).map((row) =>
      foldSetupName(row.name),
    ),
  );
  const fresh = names.filter((name) => !known.has(foldSetupName(name)));
  if (fresh.length > 0) await tx.insert(universities).values(fresh.map((name) => ({ name })));
}

/** The one branding row and the menu logo's row, written or updated with the installation's name. */
async function writeBranding(tx: Transaction, input: SetupFields, now: Date): Promise<void> {
  const values = {
    projectName: input.projectName,
    university_name: joinUniversityNames(input.universities),
    mainColor: input.mainColor,
    secondaryColor: input.secondaryColor,
    ...(input.mailTo ? { mailTo: input.mailTo } : {}),
  };
  const [branding] = await tx
    .select({ id: brandingSaas.id })
    .from(brandingSaas)
    .orderBy(brandingSaas.id)
    .limit(1);
  if (branding) {
    await tx
      .update(brandingSaas)
      .set({ ...values, updatedAt: now })
      .where(eq(brandingSaas.id, branding.id));
  } else {
    await tx.insert(brandingSaas).values(values);
  }
  const [logo] = await tx
    .select({ id: brandings.id })
    .from(brandings)
    .orderBy(brandings.id)
    .limit(1);
  if (logo) {
    await tx
      .update(brandings)
      .set({ name: input.projectName, updatedAt: now })
      .where(eq(brandings.id, logo.id));
  } else {
    await tx.insert(brandings).values({ name: input.projectName });
  }
}

/**
 * `POST /api/setup`: the first administrator, the universities, the branding's basics and the
 * default switches (when there are none), in one transaction under an advisory lock, which also
 * spends the token and deletes the other links; then a session for the administrator, as
 * `POST /api/auth/local` answers it. 404 once an administrator exists (also for the loser of two
 * setups sent at once), 403 for a link that does not work, 400 listing every problem in Spanish
 * (nothing is written then).
 */
export async function completeSetup(deps: AuthDeps, body: SetupBody): Promise<SessionAnswer> {
  const now = new Date();
  if (await hasAdministrator(deps.db)) throw setupClosed();
  const state = await tokenState(deps.db, body.token, now);
  if ('refusal' in state) throw refused(state.refusal);
  const input = normalise(body);
  const problems = [...administratorProblems(input), ...setupInstallationProblems(input)];
  if (problems.length > 0) throw problemsError(problems);
  // Hashed before the lock: argon2 takes its time, and nobody waits behind it.
  const passwordHash = await hashPassword(input.password);
  // The engine's write transaction: this process's cached answers (the branding, the switches,
  // the accounts) are dropped after the commit; other processes hear of it through the change
  // feed (ADR 0007).
  const answer = await deps.entities.writeTransaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await administratorIn(tx)) throw setupClosed();
    const [spent] = await tx
      .update(setupTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(setupTokens.tokenHash, hashOpaqueToken(body.token)),
          isNull(setupTokens.usedAt),
          gt(setupTokens.expiresAt, now),
        ),
      )
      .returning({ id: setupTokens.id });
    if (!spent) {
      const again = await tokenState(tx, body.token, now);
      throw refused('refusal' in again ? again.refusal : 'invalid');
    }
    const user = await createAdministrator(tx, {
      email: input.email,
      name: input.name,
      surname: input.surname,
      passwordHash,
    });
    await addUniversities(tx, input.universities);
    await writeBranding(tx, input, now);
    if ((await tx.$count(featurePermissions)) === 0) {
      await tx.insert(featurePermissions).values(defaultFeatureSwitches());
    }
    // The other links printed by earlier starts go with the setup they were for.
    await tx.delete(setupTokens).where(ne(setupTokens.id, spent.id));
    const session = await openSession(deps, tx, user.id);
    return { ...session, user: presentUser(user) };
  });
  withAdministrator.add(deps.db);
  return answer;
}

/**
 * Whether a page request is for `/setup` once an administrator exists: app.ts then answers the
 * page's shell with the status 404, as the page itself shows the not-found page. Cheap: the
 * answer is remembered once an administrator exists.
 */
export async function isClosedSetupPage(db: Database, path: string): Promise<boolean> {
  if (path.replace(/\/+$/, '') !== SETUP_PATH) return false;
  return hasAdministrator(db);
}
