import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProfileType, UserCreate, meUpdateSchema } from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/handles';
import { files, roles, users } from '../../db/schema';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { hashPassword, passwordProblem } from '../../lib/password';
import type { RawQuery } from '../../lib/strapi/engine';
import { createProfile } from '../profiles/profiles.service';

export const USER_UID = 'plugin::users-permissions.user';

const SELF_PROFILE_TYPES = ['student', 'teacher', 'coordinator'] as const;

/** The role row that goes with a profile type (`authenticated` when there is none yet). */
async function roleIdFor(db: Queryable, profileType: ProfileType | null): Promise<number | null> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.type, profileType ?? 'authenticated'))
    .limit(1);
  return role?.id ?? null;
}

/**
 * Updates the signed-in person's account. `profileType` may be chosen once, from none to student,
 * teacher or coordinator (never admin): the profile record and the role follow in the same
 * transaction. `picture` must be a file they uploaded. Answers the account (flat, under `query`),
 * read in the transaction: once committed, the change is answered whatever happens (ADR 0068).
 */
export async function updateMe(
  { entities }: AppContext,
  actor: Actor,
  input: z.output<typeof meUpdateSchema>,
  query: RawQuery,
): Promise<string> {
  if (actor.kind !== 'user') throw unauthorized();
  const { profileType, picture, ...fields } = input;

  // The engine's write transaction drops the cached account after the commit: the profile type
  // may have changed, and the account behind the token is read again on the next request.
  return entities.writeTransaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id, profileType: users.profileType })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Not Found');

    const changes: Partial<typeof users.$inferInsert> = { ...fields, updatedAt: new Date() };
    if (picture !== undefined) {
      if (picture !== null) {
        const [file] = await tx
          .select({ uploadedById: files.uploadedById })
          .from(files)
          .where(eq(files.id, picture));
        if (!file || (file.uploadedById !== actor.userId && !isAdmin(actor))) {
          throw new AppError('VALIDATION', `picture: no file with id ${picture}`, {
            errors: [
              { path: ['picture'], message: 'picture: no such file', name: 'ValidationError' },
            ],
          });
        }
      }
      changes.pictureId = picture;
    }
    if (profileType !== undefined && profileType !== current.profileType) {
      if (current.profileType !== null) {
        throw new AppError('VALIDATION', 'profileType can only be chosen once');
      }
      if (!(SELF_PROFILE_TYPES as readonly string[]).includes(profileType)) {
        throw new AppError('FORBIDDEN', 'profileType admin cannot be chosen');
      }
      changes.profileType = profileType;
      changes.roleId = await roleIdFor(tx, profileType);
      // A teacher chosen here is pending: this address may have been changed since anyone
      // confirmed it, so neither an invitation nor its domain vouches for them (ADR 0051).
      await createProfile(tx, actor.userId, profileType, { by: 'choice' });
    }
    await tx.update(users).set(changes).where(eq(users.id, actor.userId));
    return entities.findOneFlatJson(USER_UID, actor.userId, query, actor, undefined, tx);
  });
}

/**
 * Creates an account with its profile record and role, in one transaction, and answers it (flat,
 * under `query`) read in that transaction (ADR 0068).
 */
export async function createUser(
  { db, entities }: AppContext,
  actor: Actor,
  input: UserCreate,
  query: RawQuery,
): Promise<string> {
  if (!isAdmin(actor) || actor.kind !== 'user') throw forbidden();
  const adminId = actor.userId;
  const { password, profileType, ...fields } = input;
  const weakness = password === undefined ? null : passwordProblem(password, fields);
  if (weakness) {
    throw new AppError('VALIDATION', weakness, {
      code: 'password_rule',
      errors: [
        { path: ['password'], message: weakness, name: 'ValidationError', code: 'password_rule' },
      ],
    });
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${fields.email}`)
    .limit(1);
  if (taken) {
    throw new AppError('VALIDATION', 'Email is already taken', {
      code: 'email_taken',
      errors: [
        {
          path: ['email'],
          message: 'Email is already taken',
          name: 'ValidationError',
          code: 'email_taken',
        },
      ],
    });
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        ...fields,
        password: password ? await hashPassword(password) : null,
        profileType: profileType ?? null,
        roleId: await roleIdFor(tx, profileType ?? null),
        confirmed: fields.confirmed ?? true,
      })
      .returning({ id: users.id });
    if (!created) throw new AppError('INTERNAL', 'Internal Server Error');
    if (profileType) await createProfile(tx, created.id, profileType, { by: 'admin', adminId });
    return entities.findOneFlatJson(USER_UID, created.id, query, actor, undefined, tx);
  });
}

/**
 * `PUT /api/users/:id`: the engine's update with the users policy (own account or admin),
 * answered flat under `query`, read in the update's transaction (ADR 0068).
 */
export async function updateUser(
  { entities }: AppContext,
  actor: Actor,
  { id, body, query }: { id: number; body: Record<string, unknown>; query: RawQuery },
): Promise<string> {
  // users-permissions bodies are not wrapped in `data`; accept a wrapped one too.
  const attributes = typeof body.data === 'object' && body.data !== null ? body.data : body;
  return entities.update(USER_UID, id, { data: attributes }, {}, actor, {
    answer: (tx) => entities.findOneFlatJson(USER_UID, id, query, actor, undefined, tx),
  });
}
