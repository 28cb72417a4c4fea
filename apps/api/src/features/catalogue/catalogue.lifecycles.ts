import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls, callsDegrees, campusesDegrees, degrees } from '../../db/schema';
import type { Lifecycles } from '../../lib/strapi/types';
import type { Queryable, Transaction } from '../../db/handles';
import { callRules, campusRules, degreeRules } from './catalogue.rules';

export const CAMPUS_UID = 'api::campus.campus';
export const DEGREE_UID = 'api::degree.degree';
export const CALL_UID = 'api::call.call';

/** What deleting a campus takes with it (the ids, for the tests and the logs). */
export interface CampusContents {
  /** Degrees only this campus offered: deleted. */
  deletedDegrees: number[];
  /** Degrees other campuses also offer: kept, only unlinked from this campus. */
  unlinkedDegrees: number[];
  /** Calls only of deleted degrees: deleted. */
  deletedCalls: number[];
  /** Calls that also belong to a surviving degree: kept, only unlinked from the deleted ones. */
  unlinkedCalls: number[];
}

/**
 * What deleting a campus takes with it, judged on the rows as they are (ADR 0032): the degrees
 * only it offers and the calls only of those degrees go; a degree other campuses also offer, and
 * a call that also belongs to a surviving degree, stay and are only unlinked. With `lock`, the
 * rows are locked before they are judged (the delete); without, it is a count (the usage
 * answer), which a later delete judges again.
 */
export async function planCampusDelete(
  tx: Queryable,
  campusId: number,
  { lock }: { lock: boolean },
): Promise<CampusContents> {
  const offeredQuery = tx
    .select({ id: degrees.id })
    .from(degrees)
    .innerJoin(campusesDegrees, eq(campusesDegrees.degreeId, degrees.id))
    .where(eq(campusesDegrees.campusId, campusId))
    .orderBy(degrees.id);
  const offered = await (lock ? offeredQuery.for('update', { of: degrees }) : offeredQuery);
  const offeredIds = offered.map((d) => d.id);
  if (offeredIds.length === 0) return emptyContents();

  const elsewhere = await tx
    .selectDistinct({ id: campusesDegrees.degreeId })
    .from(campusesDegrees)
    .where(
      and(inArray(campusesDegrees.degreeId, offeredIds), ne(campusesDegrees.campusId, campusId)),
    );
  const shared = new Set(elsewhere.map((d) => d.id));
  const deletedDegrees = offeredIds.filter((id) => !shared.has(id));
  const unlinkedDegrees = offeredIds.filter((id) => shared.has(id));
  if (deletedDegrees.length === 0) return { ...emptyContents(), unlinkedDegrees };

  // FOR UPDATE does not go with DISTINCT: a call of two deleted degrees comes twice.
  const ofDeletedQuery = tx
    .select({ id: calls.id })
    .from(calls)
    .innerJoin(callsDegrees, eq(callsDegrees.callId, calls.id))
    .where(inArray(callsDegrees.degreeId, deletedDegrees))
    .orderBy(calls.id);
  const ofDeleted = await (lock ? ofDeletedQuery.for('update', { of: calls }) : ofDeletedQuery);
  const callIds = [...new Set(ofDeleted.map((c) => c.id))];
  const surviving =
    callIds.length === 0
      ? []
      : await tx
          .selectDistinct({ id: callsDegrees.callId })
          .from(callsDegrees)
          .where(
            and(
              inArray(callsDegrees.callId, callIds),
              notInArray(callsDegrees.degreeId, deletedDegrees),
            ),
          );
  const kept = new Set(surviving.map((c) => c.id));
  const deletedCalls = callIds.filter((id) => !kept.has(id));
  const unlinkedCalls = callIds.filter((id) => kept.has(id));
  return { deletedDegrees, unlinkedDegrees, deletedCalls, unlinkedCalls };
}

/**
 * Deletes what goes with a campus, in the order of spec §7 (its calls, then its degrees, the
 * campus itself last, which the engine deletes after this): a degree that other campuses also
 * offer stays and only loses this campus, and a call that also belongs to a surviving degree
 * stays and only loses the deleted degrees (ADR 0032). Runs in the delete's transaction, so
 * everything goes or nothing does. Rows are locked before they are judged: a link made meanwhile
 * to a degree or call being deleted waits for this transaction and then fails (400), instead of
 * being left pointing at nothing.
 */
export async function deleteCampusContents(
  tx: Transaction,
  campusId: number,
): Promise<CampusContents> {
  const contents = await planCampusDelete(tx, campusId, { lock: true });
  const { deletedCalls, deletedDegrees } = contents;
  // Calls first, then degrees (spec §7). The links of kept calls to deleted degrees, and of
  // shared degrees to this campus, go with the rows they point at (ON DELETE CASCADE);
  // applications under a deleted call and students of a deleted degree keep their rows, with
  // the reference cleared (ON DELETE SET NULL).
  if (deletedCalls.length > 0) await tx.delete(calls).where(inArray(calls.id, deletedCalls));
  if (deletedDegrees.length > 0) {
    await tx.delete(degrees).where(inArray(degrees.id, deletedDegrees));
  }
  return contents;
}

function emptyContents(): CampusContents {
  return { deletedDegrees: [], unlinkedDegrees: [], deletedCalls: [], unlinkedCalls: [] };
}

/**
 * The campus's hooks: whatever route deletes a campus (the generic `DELETE /api/campuses/:id`
 * today), its degrees and calls go in the same transaction. A campus without degrees is deleted
 * like any other: the spec's "No degrees found for the specified campus." belonged to the old
 * client's one-by-one deletion, which has no such step here (ADR 0032).
 */
export const campusLifecycles: Lifecycles = {
  async beforeDelete({ tx, id }) {
    await deleteCampusContents(tx, id);
  },
};

/** The catalogue's hooks: the campus delete, and the rules of every write (catalogue.rules.ts). */
export function registerCatalogueLifecycles(app: FastifyInstance) {
  const { registry } = app.entities;
  registry.addLifecycles(CAMPUS_UID, campusLifecycles);
  registry.addLifecycles(CAMPUS_UID, campusRules);
  registry.addLifecycles(DEGREE_UID, degreeRules);
  registry.addLifecycles(CALL_UID, callRules);
}
