import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ProfileType } from '@plataforma/shared';
import type { Database } from '../../db/client';
import { coordinators, students, teachers } from '../../db/schema';

/** A database or a transaction. */
type Writer = Pick<Database, 'insert' | 'select' | 'execute'>;

/** Letter of the server-generated primaryKey of each profile (spec §3 Student, Teacher). */
const PRIMARY_KEY_PREFIX = { student: 'E', teacher: 'P' } as const;

/**
 * A free primaryKey: the letter and 4 random digits (spec §9), with up to 20 tries; when the four
 * digits are crowded (more than a few thousand profiles), the next number after the highest, which
 * keeps the pattern `^E[0-9]{4,}$`. The unique constraint has the last word; callers insert in a
 * transaction and a clash answers 400, never a duplicate.
 */
export async function freePrimaryKey(db: Writer, kind: 'student' | 'teacher'): Promise<string> {
  const table = kind === 'student' ? students : teachers;
  const prefix = PRIMARY_KEY_PREFIX[kind];
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${prefix}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const taken = await db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.primaryKey, candidate))
      .limit(1);
    if (taken.length === 0) return candidate;
  }
  const result = (await db.execute(
    sql`SELECT coalesce(max(substring(${table.primaryKey} from 2)::int), 9999) + 1 AS next FROM ${table}`,
  )) as unknown as { rows: { next: number | string }[] };
  return `${prefix}${String(result.rows[0]?.next ?? 10_000)}`;
}

/**
 * Creates the profile record that goes with a user's profile type: a student or teacher with a
 * fresh primaryKey, or a coordinator (without organisation until they create one). Admins have no
 * profile record. Call it in the transaction that creates or changes the user.
 */
export async function createProfile(
  db: Writer,
  userId: number,
  profileType: ProfileType,
): Promise<void> {
  switch (profileType) {
    case 'student':
      await db.insert(students).values({
        userId,
        primaryKey: await freePrimaryKey(db, 'student'),
        publishedAt: new Date(),
        notification: {
          pre_selected: true,
          not_selected: true,
          selected: true,
          new_matching_projects: true,
          u4i_advice: true,
          save_projects_with_candidates: true,
          save_projects_selected: true,
          professional_offers: false,
          email: true,
          whatsapp: false,
        },
      });
      return;
    case 'teacher':
      await db.insert(teachers).values({
        userId,
        primaryKey: await freePrimaryKey(db, 'teacher'),
        publishedAt: new Date(),
      });
      return;
    case 'coordinator':
      await db.insert(coordinators).values({ userId });
      return;
    case 'admin':
      return;
  }
}
