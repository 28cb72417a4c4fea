import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { presentUser, type PublicUser } from './user.presenter';

/** Compared against when the identifier matches nobody, so both failures take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * `POST /api/auth/local`: the user of an identifier (email, any case, or username) and password.
 * Unknown user and wrong password give the same answer; "not confirmed" and "blocked" are said
 * only after a correct password.
 */
export async function loginWithPassword(
  db: Database,
  identifier: string,
  password: string,
): Promise<PublicUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${identifier})`, eq(users.username, identifier)))
    .limit(1);
  if (!user?.password) {
    decoyHash ??= hashPassword('decoy password for timing');
    await verifyPassword(await decoyHash, password);
    throw new AppError('VALIDATION', 'Invalid identifier or password');
  }
  if (!(await verifyPassword(user.password, password))) {
    throw new AppError('VALIDATION', 'Invalid identifier or password');
  }
  if (!user.confirmed) throw new AppError('VALIDATION', 'Your account email is not confirmed');
  if (user.blocked)
    throw new AppError('VALIDATION', 'Your account has been blocked by an administrator');
  const [updated] = await db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return presentUser(updated ?? user);
}
