import { randomInt } from 'node:crypto';
import { eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  OPTION_PAGE_SIZE,
  type ExternalStudentUpdate,
  type NamesAnswer,
  type NamesQuery,
  type ProfileType,
  type StrapiEntryQuery,
  type StrapiReadQuery,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/handles';
import { coordinators, students, teachers, users } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { AppError, validationError } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
import {
  PENDING_TEACHER,
  selfRegisteredTeacherStart,
  verifiedByAdmin,
  type TeacherStart,
} from './teacher-verification.service';

/** Letter of the server-generated primaryKey of each profile (spec §3 Student, Teacher). */
const PRIMARY_KEY_PREFIX = { student: 'E', teacher: 'P' } as const;

/**
 * A free primaryKey: the letter and 4 random free digits (spec §9); when all 10,000 are taken,
 * the lowest free number from 10000 up, which keeps the pattern `^E[0-9]{4,}$` (see
 * freePrimaryKeys). The unique constraint has the last word; callers insert in a transaction
 * and a clash answers 400, never a duplicate.
 */
export async function freePrimaryKey(db: Queryable, kind: 'student' | 'teacher'): Promise<string> {
  // A few random four-digit keys looked up at once: while most are free (every university but
  // the largest), the first free one is drawn as uniformly as from the free list itself, without
  // reading all 10,000 (about 6 ms a sign-up on the embedded database).
  const table = kind === 'student' ? students : teachers;
  const candidates = [
    ...new Set(
      Array.from(
        { length: RANDOM_CANDIDATES },
        () => `${PRIMARY_KEY_PREFIX[kind]}${String(randomInt(10_000)).padStart(4, '0')}`,
      ),
    ),
  ];
  const taken = new Set(
    (
      await db
        .select({ key: table.primaryKey })
        .from(table)
        .where(inArray(table.primaryKey, candidates))
    ).map((row) => row.key),
  );
  const free = candidates.find((key) => !taken.has(key));
  if (free) return free;
  const [key] = await freePrimaryKeys(db, kind, 1);
  return key!;
}

/** How many random keys `freePrimaryKey` tries before asking for the free list. */
const RANDOM_CANDIDATES = 24;

/**
 * `count` free primaryKeys at once (an import's batch, ADR 0048): four random free digits while
 * there are any, in one statement however many; then the lowest free numbers from 10000 up (five
 * digits and more, as the pattern allows once the four are used; never "the highest plus one",
 * which a key set by hand far above the rest would push out of range).
 */
export async function freePrimaryKeys(
  db: Queryable,
  kind: 'student' | 'teacher',
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const table = kind === 'student' ? students : teachers;
  const prefix = PRIMARY_KEY_PREFIX[kind];
  // Four digits with their leading zeros; above 9999 the number as it is (lpad would cut it).
  const key = sql`${prefix} || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END`;
  const free = (from: number, to: number, order: SQL) =>
    executeRows(
      db,
      sql`
        SELECT ${key} AS key
        FROM generate_series(${from}::int, ${to}::int) AS n
        WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE ${table.primaryKey} = ${key})
        ${order}
        LIMIT ${count}`,
    );
  const keys = (await free(0, 9_999, sql`ORDER BY random()`)).map((row) => String(row.key));
  // A series in FROM is built whole before it is read: asked for 10,000 numbers at a time.
  for (let from = 10_000; keys.length < count && from < 1_000_000_000; from += 10_000) {
    const more = await free(from, from + 9_999, sql`ORDER BY n`);
    keys.push(...more.slice(0, count - keys.length).map((row) => String(row.key)));
  }
  return keys;
}

/**
 * Who makes a profile, which decides a teacher's verification (ADR 0051): an admin (verified);
 * the person signing up with an address they must confirm before signing in (verified when
 * invited or of a listed domain); the person choosing their profile type later, whose address
 * nobody has confirmed since they may have changed it (pending: an admin decides).
 */
export type ProfileOrigin =
  { by: 'admin'; adminId: number } | { by: 'sign-up'; email: string } | { by: 'choice' };

async function teacherStart(db: Queryable, origin: ProfileOrigin): Promise<TeacherStart> {
  switch (origin.by) {
    case 'admin':
      return verifiedByAdmin(origin.adminId);
    case 'sign-up':
      return selfRegisteredTeacherStart(db, origin.email);
    case 'choice':
      return PENDING_TEACHER;
  }
}

/**
 * Creates the profile record that goes with a user's profile type: a student or teacher with a
 * fresh primaryKey, or a coordinator (without organisation until they create one). Admins have no
 * profile record. A teacher's verification follows `origin`. Call it in the transaction that
 * creates or changes the user.
 */
export async function createProfile(
  db: Queryable,
  userId: number,
  profileType: ProfileType,
  origin: ProfileOrigin,
): Promise<void> {
  switch (profileType) {
    case 'student':
      await db.insert(students).values({
        userId,
        primaryKey: await freePrimaryKey(db, 'student'),
        publishedAt: new Date(),
        // Spec §3: preferences default to on (ADR 0031); the student turns off what they do not want.
        notification: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      });
      return;
    case 'teacher':
      await db.insert(teachers).values({
        userId,
        primaryKey: await freePrimaryKey(db, 'teacher'),
        publishedAt: new Date(),
        ...(await teacherStart(db, origin)),
      });
      return;
    case 'coordinator':
      await db.insert(coordinators).values({ userId });
      return;
    case 'admin':
      return;
  }
}

const STUDENT = 'api::student.student';

/**
 * Every student the caller may see (the access table decides: admins' user management sees all),
 * published or not unless `publicationState=live`, as JSON text in pieces to stream: batches of
 * the engine's keyset read, so 100,000 students are never held at once (ADR 0032). Not cached:
 * the answer cache holds whole answers.
 */
export function listAllStudents(ctx: AppContext, actor: Actor, query: StrapiReadQuery) {
  return ctx.entities.findAllJson(STUDENT, { publicationState: 'preview', ...query }, actor);
}

/**
 * Updates the student record of a user. A user without one, or whose record the caller may not
 * see, is "Student not found" alike: the answer does not tell whose records exist.
 */
export async function updateStudentOfUser(
  ctx: AppContext,
  actor: Actor,
  { userId, body, query }: { userId: number; body: unknown; query: StrapiEntryQuery },
) {
  const [student] = await ctx.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, userId))
    .limit(1);
  const visible = student
    ? await ctx.entities
        .find(
          STUDENT,
          {
            filters: { id: String(student.id) },
            publicationState: 'preview',
            fields: ['primaryKey'],
          },
          actor,
        )
        .catch(() => null)
    : null;
  if (!student || !visible || visible.data.length === 0) {
    throw new AppError('NOT_FOUND', 'Student not found');
  }
  return ctx.entities.update(STUDENT, student.id, body, query, actor);
}

/** The students the caller may see (spec §7 Students, external call). */
export function listExternalStudents(
  ctx: AppContext,
  actor: Actor,
  query: StrapiReadQuery,
  tables: TableSink,
) {
  return ctx.entities.findJson(STUDENT, query, actor, tables);
}

/** Saves a student's library items; the route's schema lets nothing else through. */
export function updateExternalStudent(
  ctx: AppContext,
  actor: Actor,
  { id, body, query }: { id: number; body: ExternalStudentUpdate; query: StrapiEntryQuery },
) {
  return ctx.entities.update(STUDENT, id, body, query, actor);
}

/**
 * Published teachers by full name, for choosing a tutor: `{data:[{id, attributes:{name}}], meta}`,
 * ten a page, searched ignoring case and accents like the catalogue names (ADR 0005).
 */
export async function findTeacherNames(
  ctx: AppContext,
  { filters, pagination }: NamesQuery,
  tables: TableSink,
): Promise<NamesAnswer> {
  tables.add(getTableName(teachers));
  tables.add(getTableName(users));
  const name = filters?.name;
  const search = (typeof name === 'string' ? name : (name?.$contains ?? name?.$containsi))?.trim();
  if (search?.includes('\0')) {
    throw validationError('Invalid value: NUL bytes are not allowed', ['filters', 'name']);
  }
  const page = pagination?.page ?? 1;
  const pageSize = pagination?.pageSize ?? OPTION_PAGE_SIZE;
  const fullName = sql`trim(coalesce(${users.name}, '') || ' ' || coalesce(${users.surname}, ''))`;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern
    ? sql`${teachers.publishedAt} IS NOT NULL AND lower(unaccent(${fullName})) LIKE lower(unaccent(${pattern}))`
    : sql`${teachers.publishedAt} IS NOT NULL`;
  const from = sql`${teachers} JOIN ${users} ON ${users.id} = ${teachers.userId}`;
  const [row] = await executeRows(
    ctx.db,
    sql`
    SELECT (SELECT count(*)::int FROM ${from} WHERE ${where}) AS "total",
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'attributes', json_build_object('name', p.name)) ORDER BY p.name COLLATE es_natural, p.id)
                     FROM (SELECT ${teachers.id} AS id, ${fullName} AS name FROM ${from} WHERE ${where}
                           ORDER BY ${fullName} COLLATE es_natural, ${teachers.id}
                           LIMIT ${sql.raw(String(pageSize))} OFFSET ${sql.raw(String((page - 1) * pageSize))}) p), '[]'::json) AS "data"
  `,
  );
  const total = Number(row?.total ?? 0);
  return {
    data: (row?.data ?? []) as NamesAnswer['data'],
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}
