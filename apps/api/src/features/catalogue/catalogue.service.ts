import { and, count, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  OPTION_PAGE_SIZE,
  type CallUsage,
  type CampusUsage,
  type DegreeUsage,
  type NamesAnswer,
  type NamesQuery,
} from '@plataforma/shared';
import type { Database } from '../../db/client';
import {
  applys,
  calls,
  callsDegrees,
  campuses,
  campusesDegrees,
  degrees,
  projects,
  students,
  teachers,
  teachersDegrees,
} from '../../db/schema';
import type { JsonText } from '../../lib/cache/serve-cached';
import { forbidden, notFound, validationError } from '../../lib/errors';
import type { AppContext } from '../../context';
import { roleOf, type Actor, type Role } from '../../lib/strapi/actor';
import { column } from '../../lib/strapi/compile';
import type { TableSink } from '../../lib/strapi/engine';
import { planCampusDelete } from './catalogue.lifecycles';

type NameFilter = NonNullable<NonNullable<NamesQuery['filters']>['name']>;

/**
 * Names of a catalogue for the comboboxes: `{data:[{id, attributes:{name}}], meta:{pagination}}`,
 * ten a page by default (spec §9), sorted by name. `filters[name][$contains]` is matched ignoring case and
 * accents ("murcia" finds "Universidad de Murcia", "cadiz" finds "Cádiz"), because that is what a
 * person typing in a search box means. Each name comes once within the filters, as its lowest id
 * (ADR 0031): a degree taught at four campuses is one option of a broad search, so pages hold ten
 * options and `total` counts names; filtered by one campus, the id is that campus's degree.
 */
export async function findNames(
  { entities }: AppContext,
  actor: Actor,
  { uid, query: { filters = {}, pagination } }: { uid: string; query: NamesQuery },
  tables?: TableSink,
): Promise<JsonText<NamesAnswer>> {
  const { name, ...rest } = filters;
  const { search, other } = splitNameFilter(name);
  const type = entities.type(uid);
  const parsed = entities.parser.parse(type, {
    filters: other === undefined ? rest : { ...rest, name: other },
    pagination: { pageSize: String(OPTION_PAGE_SIZE), ...pagination },
    fields: ['name'],
    sort: 'name:asc',
  });
  const pattern =
    search === undefined ? undefined : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return entities.findParsedJson(type, parsed, actor, {
    tables,
    extraCondition: pattern
      ? (alias) => sql`lower(unaccent(${column(alias, 'name')})) LIKE lower(unaccent(${pattern}))`
      : undefined,
    distinctOn: 'name',
  });
}

/** Takes the search text out of `filters[name]`; other operators on the name stay filters. */
function splitNameFilter(name: NameFilter | undefined): { search?: string; other?: unknown } {
  if (name === undefined) return {};
  const { $contains, $containsi, ...other } = typeof name === 'string' ? { $contains: name } : name;
  const text = ($contains ?? $containsi)?.trim();
  if (text?.includes('\0')) {
    throw validationError('Invalid value: NUL bytes are not allowed', ['filters', 'name']);
  }
  return {
    ...(text ? { search: text } : {}),
    ...(Object.keys(other).length > 0 ? { other } : {}),
  };
}

/** Who may ask what deleting a catalogue entry touches: those who may delete it (ADR 0047). */
export const USAGE_ROLES: readonly Role[] = ['admin'];

function assertMayCount(actor: Actor) {
  if (!USAGE_ROLES.includes(roleOf(actor))) throw forbidden();
}

async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  if (where === undefined) return 0;
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

async function assertExists(
  db: Database,
  table: typeof campuses | typeof degrees | typeof calls,
  id: number,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound();
}

/**
 * What deleting a campus touches (`GET /api/campuses/:id/usage`), counted by the plan the delete
 * itself follows (planCampusDelete, spec §7, ADR 0032), so the confirmation says what will
 * happen: the calls and degrees deleted or only unlinked, and the people and projects left
 * without the campus, the degree or the call they pointed at.
 */
export async function campusUsage(
  { db }: AppContext,
  actor: Actor,
  campusId: number,
): Promise<CampusUsage> {
  assertMayCount(actor);
  await assertExists(db, campuses, campusId);
  const plan = await planCampusDelete(db, campusId, { lock: false });
  const gone = plan.deletedDegrees;
  const loseDegree = gone.length === 0 ? undefined : inArray(students.degreeId, gone);
  return {
    calls: plan.deletedCalls.length,
    callsShared: plan.unlinkedCalls.length,
    degrees: gone.length,
    degreesShared: plan.unlinkedDegrees.length,
    students: await countWhere(db, students, or(eq(students.campusId, campusId), loseDegree)),
    teachers: await countWhere(
      db,
      teachers,
      or(
        eq(teachers.campusId, campusId),
        gone.length === 0
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(teachersDegrees)
                .where(
                  and(
                    eq(teachersDegrees.teacherId, teachers.id),
                    inArray(teachersDegrees.degreeId, gone),
                  ),
                ),
            ),
      ),
    ),
    projects: await countWhere(db, projects, eq(projects.campusId, campusId)),
    applications: await countWhere(
      db,
      applys,
      plan.deletedCalls.length === 0 ? undefined : inArray(applys.callId, plan.deletedCalls),
    ),
  };
}

/**
 * What deleting a degree touches (`GET /api/degrees/:id/usage`): the campuses that stop offering
 * it and the calls that lose it (both stay), the students whose degree is cleared and the
 * teachers who lose it.
 */
export async function degreeUsage(
  { db }: AppContext,
  actor: Actor,
  degreeId: number,
): Promise<DegreeUsage> {
  assertMayCount(actor);
  await assertExists(db, degrees, degreeId);
  return {
    campuses: await countWhere(db, campusesDegrees, eq(campusesDegrees.degreeId, degreeId)),
    calls: await countWhere(db, callsDegrees, eq(callsDegrees.degreeId, degreeId)),
    students: await countWhere(db, students, eq(students.degreeId, degreeId)),
    teachers: await countWhere(db, teachersDegrees, eq(teachersDegrees.degreeId, degreeId)),
  };
}

/** What deleting a call touches (`GET /api/calls/:id/usage`): its degrees, its applications. */
export async function callUsage(
  { db }: AppContext,
  actor: Actor,
  callId: number,
): Promise<CallUsage> {
  assertMayCount(actor);
  await assertExists(db, calls, callId);
  return {
    degrees: await countWhere(db, callsDegrees, eq(callsDegrees.callId, callId)),
    applications: await countWhere(db, applys, eq(applys.callId, callId)),
  };
}
