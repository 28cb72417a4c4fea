import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { CATALOGUE_MESSAGES, DEGREE_DURATION_MAX, DEGREE_DURATION_MIN } from '@plataforma/shared';
import { calls, callsDegrees, campuses, campusesDegrees, degrees } from '../../db/schema';
import { refusal } from '../../lib/errors';
import type { LifecycleEvent, Lifecycles } from '../../lib/strapi/types';
import type { Transaction } from '../../db/handles';

/**
 * The rules of the catalogue's writes (ADR 0047), whatever route makes them: a name is never
 * blank and is unique within its parent (a campus within its university, a degree within each
 * campus that offers it, a call within each of its degrees over overlapping periods), a call's
 * period ends after it starts, a degree lasts one to six years. Each refusal is a 400 worded in
 * Spanish with the attribute in `details.errors[].path`.
 *
 * Names are compared as people read them: ignoring case, accents and repeated spaces, so
 * "Facultad de Educacion" and "facultad de  educación" are the same faculty. Uniqueness depends
 * on links written after the row (the engine writes relations after `before*` hooks), so it is
 * checked in the `after*` hooks, on what the transaction is about to commit.
 */

/**
 * Every catalogue write waits for the one before it to commit, so two admins creating the same
 * name at once cannot both pass the check (admins write the catalogue rarely; nobody waits long).
 */
const CATALOGUE_LOCK = 727_280;

/** Also taken by the catalogue's import from a file (features/imports, ADR 0065). */
export async function lockCatalogue(tx: Transaction) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
}

function refuse(message: string, path: string) {
  return refusal('VALIDATION', message, {
    errors: [{ path: [path], message, name: 'ValidationError' }],
  });
}

/** How names are compared: case, accents and surrounding spaces aside. */
const normalized = (column: PgColumn | SQL) => sql`lower(unaccent(${column}))`;

/** The name as it is stored: trimmed, inner runs of spaces made one. */
function tidyName(event: LifecycleEvent, mode: 'create' | 'update') {
  const { data } = event;
  if (mode === 'update' && !('name' in data)) return;
  const name = typeof data.name === 'string' ? data.name.replace(/\s+/g, ' ').trim() : '';
  if (name === '') throw refuse(CATALOGUE_MESSAGES.nameRequired, 'name');
  if (name !== data.name) event.set('name', name);
}

type Mode = 'create' | 'update';

/** Whether the write may change what `keys` decide (a create decides them all). */
const touches = (mode: Mode, event: LifecycleEvent, keys: string[]) =>
  mode === 'create' || keys.some((key) => key in event.data);

// ---- campuses ----

async function campusNameClash(tx: Transaction, campusId: number) {
  const other = alias(campuses, 'other');
  const [clash] = await tx
    .select({ name: other.name })
    .from(campuses)
    .innerJoin(
      other,
      and(
        ne(other.id, campuses.id),
        sql`${other.universityId} IS NOT DISTINCT FROM ${campuses.universityId}`,
        eq(normalized(other.name), normalized(campuses.name)),
      ),
    )
    .where(eq(campuses.id, campusId))
    .limit(1);
  return clash;
}

/** Two degrees of one campus with the same name, among those of `where`. */
async function degreeNameClash(tx: Transaction, where: { campusId?: number; degreeId?: number }) {
  const mine = alias(campusesDegrees, 'mine');
  const theirs = alias(campusesDegrees, 'theirs');
  const degree = alias(degrees, 'degree');
  const other = alias(degrees, 'other');
  const [clash] = await tx
    .select({ degree: other.name, campus: campuses.name })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.campusId, mine.campusId), ne(theirs.degreeId, mine.degreeId)))
    .innerJoin(degree, eq(degree.id, mine.degreeId))
    .innerJoin(other, eq(other.id, theirs.degreeId))
    .innerJoin(campuses, eq(campuses.id, mine.campusId))
    .where(
      and(
        where.campusId === undefined ? undefined : eq(mine.campusId, where.campusId),
        where.degreeId === undefined ? undefined : eq(mine.degreeId, where.degreeId),
        eq(normalized(degree.name), normalized(other.name)),
      ),
    )
    .limit(1);
  return clash;
}

/** A call's period as a range of days, open at a missing end; none for a period the wrong way. */
const period = (start: PgColumn, end: PgColumn) =>
  sql`CASE WHEN ${end} <= ${start} THEN NULL ELSE daterange(${start}, ${end}, '[]') END`;

/** Two calls of one degree with the same name over overlapping periods, among those of `where`. */
async function callNameClash(tx: Transaction, where: { callId?: number; degreeId?: number }) {
  const mine = alias(callsDegrees, 'mine');
  const theirs = alias(callsDegrees, 'theirs');
  const call = alias(calls, 'call');
  const other = alias(calls, 'other');
  const [clash] = await tx
    .select({ call: other.name, degree: degrees.name })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.degreeId, mine.degreeId), ne(theirs.callId, mine.callId)))
    .innerJoin(call, eq(call.id, mine.callId))
    .innerJoin(other, eq(other.id, theirs.callId))
    .innerJoin(degrees, eq(degrees.id, mine.degreeId))
    .where(
      and(
        where.callId === undefined ? undefined : eq(mine.callId, where.callId),
        where.degreeId === undefined ? undefined : eq(mine.degreeId, where.degreeId),
        eq(normalized(call.name), normalized(other.name)),
        sql`${period(call.academic_period_start, call.academic_period_end)} && ${period(other.academic_period_start, other.academic_period_end)}`,
      ),
    )
    .limit(1);
  return clash;
}

async function checkDegreeNames(tx: Transaction, where: { campusId?: number; degreeId?: number }) {
  const clash = await degreeNameClash(tx, where);
  if (clash) throw refuse(CATALOGUE_MESSAGES.degreeNameTaken(clash.degree, clash.campus), 'name');
}

async function checkCallNames(tx: Transaction, where: { callId?: number; degreeId?: number }) {
  const clash = await callNameClash(tx, where);
  if (clash) throw refuse(CATALOGUE_MESSAGES.callNameTaken(clash.call, clash.degree), 'name');
}

const campusBefore = (mode: Mode) => async (event: LifecycleEvent) => {
  await lockCatalogue(event.tx);
  tidyName(event, mode);
};

const campusAfter = (mode: Mode) => async (event: LifecycleEvent) => {
  const { tx, id } = event;
  if (touches(mode, event, ['name', 'university'])) {
    const clash = await campusNameClash(tx, id);
    if (clash) throw refuse(CATALOGUE_MESSAGES.campusNameTaken(clash.name), 'name');
  }
  // A campus given degrees must not end up offering two of the same name.
  if ('degrees' in event.data) await checkDegreeNames(tx, { campusId: id });
};

export const campusRules: Lifecycles = {
  beforeCreate: campusBefore('create'),
  beforeUpdate: campusBefore('update'),
  afterCreate: campusAfter('create'),
  afterUpdate: campusAfter('update'),
};

// ---- degrees ----

const degreeBefore = (mode: Mode) => async (event: LifecycleEvent) => {
  const { tx, id, data } = event;
  await lockCatalogue(tx);
  tidyName(event, mode);
  let duration = data.duration;
  if (mode === 'update' && !('duration' in data)) {
    // A degree of an older catalogue edited for another reason is asked for a valid duration,
    // which the database's check would otherwise refuse in a message nobody reads.
    const [row] = await tx
      .select({ duration: degrees.duration })
      .from(degrees)
      .where(eq(degrees.id, id));
    duration = row?.duration;
  }
  if (
    typeof duration === 'number' &&
    (duration < DEGREE_DURATION_MIN || duration > DEGREE_DURATION_MAX)
  ) {
    throw refuse(CATALOGUE_MESSAGES.duration, 'duration');
  }
};

const degreeAfter = (mode: Mode) => async (event: LifecycleEvent) => {
  const { tx, id } = event;
  if (touches(mode, event, ['name', 'campuses'])) await checkDegreeNames(tx, { degreeId: id });
  if ('calls' in event.data) await checkCallNames(tx, { degreeId: id });
};

export const degreeRules: Lifecycles = {
  beforeCreate: degreeBefore('create'),
  beforeUpdate: degreeBefore('update'),
  afterCreate: degreeAfter('create'),
  afterUpdate: degreeAfter('update'),
};

// ---- calls ----

const day = (value: unknown) => (typeof value === 'string' ? value : null);

const callBefore = (mode: Mode) => async (event: LifecycleEvent) => {
  const { tx, id, data } = event;
  await lockCatalogue(tx);
  tidyName(event, mode);
  let start = day(data.academic_period_start);
  let end = day(data.academic_period_end);
  if (mode === 'update') {
    const [row] = await tx
      .select({ start: calls.academic_period_start, end: calls.academic_period_end })
      .from(calls)
      .where(eq(calls.id, id));
    if (!('academic_period_start' in data)) start = row?.start ?? null;
    if (!('academic_period_end' in data)) end = row?.end ?? null;
  }
  // Days as yyyy-MM-dd (validated by the engine) compare as text.
  if (start !== null && end !== null && end <= start) {
    throw refuse(
      CATALOGUE_MESSAGES.periodOrder,
      'academic_period_end' in data || mode === 'create'
        ? 'academic_period_end'
        : 'academic_period_start',
    );
  }
};

const callAfter = (mode: Mode) => async (event: LifecycleEvent) => {
  if (touches(mode, event, ['name', 'degrees', 'academic_period_start', 'academic_period_end'])) {
    await checkCallNames(event.tx, { callId: event.id });
  }
};

export const callRules: Lifecycles = {
  beforeCreate: callBefore('create'),
  beforeUpdate: callBefore('update'),
  afterCreate: callAfter('create'),
  afterUpdate: callAfter('update'),
};
