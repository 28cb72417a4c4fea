import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LibraryVisitKind } from '@plataforma/shared';
import type { AppContext } from '../../context';
import { files, libraryVisits, resources, tfxes } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import { resourceType, tfxType } from './library.content-types';
import { madridDay } from '../../lib/madrid-day';

/**
 * The library's counters (ADR 0036, ADR 0039): a work's views and downloads and a resource's
 * visits, each counted once per visitor per day. A visit is a row of `library_visits` keyed by
 * kind, target, visitor and day: the counter grows only when that row is new, in the same
 * statement, so a reload, a double click or two tabs count once, even at the same instant.
 *
 * Only what the caller may see is counted or served (the engine's policy, as every read), and
 * only published entries count: an author previewing a work waiting for review, or an admin
 * reviewing it, is not a reader.
 */

export type VisitContext = Pick<AppContext, 'db' | 'entities' | 'config'>;

/** Who is visiting, as the request tells it. */
export interface VisitorRequest {
  ip: string;
  userAgent: string;
}

/** The day visits are counted in: Spain's (ADR 0039). */
export function visitDay(now = new Date()): string {
  return madridDay(now);
}

/**
 * The visitor's key for a day: the user's id, or for a visitor an HMAC of the address and browser
 * keyed with the server's secret (ADR 0036). The day is part of the hash, so a visitor's rows of
 * two days cannot be linked, and the address itself is never stored.
 */
export function visitorKey(
  secret: string,
  actor: Actor,
  request: VisitorRequest,
  day: string,
): string {
  if (actor.kind === 'user') return `user:${actor.userId}`;
  return createHmac('sha256', secret)
    .update(`library-visit\n${day}\n${request.ip}\n${request.userAgent}`)
    .digest('hex');
}

/** The counter each kind of visit increments. */
const COUNTERS = {
  tfx_view: { table: tfxes, column: 'views_count' },
  tfx_download: { table: tfxes, column: 'downloads_count' },
  resource_visit: { table: resources, column: 'popularity_visits' },
} as const;

/**
 * Records the visit and increments the counter when the visit is new: one statement, so both or
 * neither happen. Answers whether it counted.
 */
async function countOnce(
  ctx: VisitContext,
  kind: LibraryVisitKind,
  targetId: number,
  visitor: string,
  day: string,
): Promise<boolean> {
  const { table, column } = COUNTERS[kind];
  const counter = sql.identifier(column);
  const rows = await executeRows(
    ctx.db,
    sql`WITH "visit" AS (
          INSERT INTO ${libraryVisits} ("kind", "target_id", "visitor", "day")
          VALUES (${kind}, ${targetId}, ${visitor}, ${day}::date)
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE ${table} SET ${counter} = ${counter} + 1
        WHERE "id" = ${targetId} AND EXISTS (SELECT 1 FROM "visit")
        RETURNING "id"`,
  );
  return rows.length > 0;
}

interface VisibleWork {
  id: number;
  published: boolean;
  /** The stored PDF's address (`files.url`), or null. */
  fileUrl: string | null;
  /** An external work's link, or null. */
  link: string | null;
}

/** The work if the actor may see it (drafts for their author and admins): 404 otherwise. */
async function visibleWork(ctx: VisitContext, actor: Actor, id: number): Promise<VisibleWork> {
  const visible = ctx.entities.where(tfxType.uid, actor, 't', { visible: 'preview' });
  const [row] = await executeRows(
    ctx.db,
    sql`SELECT "t"."id", "t"."published_at" IS NOT NULL AS "published",
               "f"."url" AS "fileUrl", "t"."file_url" AS "link"
        FROM ${tfxes} "t" LEFT JOIN ${files} "f" ON "f"."id" = "t"."file_id"
        WHERE "t"."id" = ${id} AND ${visible}`,
  );
  if (!row) throw notFound();
  return row as unknown as VisibleWork;
}

async function visibleResource(
  ctx: VisitContext,
  actor: Actor,
  id: number,
): Promise<{ published: boolean }> {
  const visible = ctx.entities.where(resourceType.uid, actor, 'r', { visible: 'preview' });
  const [row] = await executeRows(
    ctx.db,
    sql`SELECT "r"."id", "r"."published_at" IS NOT NULL AS "published"
        FROM ${resources} "r" WHERE "r"."id" = ${id} AND ${visible}`,
  );
  if (!row) throw notFound();
  return row as unknown as { published: boolean };
}

/**
 * `POST /api/tfxes/:id/views`: counts a view of a work the caller may see (404 otherwise), once
 * per visitor per day. Answers whether this view was counted now (ADR 0042: the page adds it to
 * the count it shows).
 */
export async function countTfxView(
  ctx: VisitContext,
  actor: Actor,
  id: number,
  request: VisitorRequest,
): Promise<boolean> {
  const work = await visibleWork(ctx, actor, id);
  if (!work.published) return false;
  const day = visitDay();
  return countOnce(ctx, 'tfx_view', id, visitorKey(ctx.config.jwtSecret, actor, request, day), day);
}

/**
 * `GET /api/tfxes/:id/download`: where the work's document is (its PDF, else an external work's
 * link), counting a download once per visitor per day. 404 when the caller may not see the work
 * or it has neither.
 */
export async function countTfxDownload(
  ctx: VisitContext,
  actor: Actor,
  id: number,
  request: VisitorRequest,
): Promise<string> {
  const work = await visibleWork(ctx, actor, id);
  const target = work.fileUrl || work.link;
  if (!target) throw notFound('This work has no document');
  if (work.published) {
    const day = visitDay();
    const visitor = visitorKey(ctx.config.jwtSecret, actor, request, day);
    await countOnce(ctx, 'tfx_download', id, visitor, day);
  }
  return target;
}

/**
 * `POST /api/resources/:id/visits`: counts a visit of a resource the caller may see (404
 * otherwise) in its `popularity_visits`, once per visitor per day.
 */
export async function countResourceVisit(
  ctx: VisitContext,
  actor: Actor,
  id: number,
  request: VisitorRequest,
): Promise<void> {
  const resource = await visibleResource(ctx, actor, id);
  if (!resource.published) return;
  const day = visitDay();
  const visitor = visitorKey(ctx.config.jwtSecret, actor, request, day);
  await countOnce(ctx, 'resource_visit', id, visitor, day);
}

/**
 * Days of visits kept: a visit only matters on its own day (the key that counts a visitor once),
 * and two more cover the Madrid day turning while a sweep runs and a sweep that comes late.
 */
export const KEPT_VISIT_DAYS = 2;
/** Rows deleted per statement, so a first sweep of a large table never holds it for long. */
const SWEEP_BATCH = 5_000;

/**
 * Deletes the `library_visits` rows older than {@link KEPT_VISIT_DAYS} days (Madrid days, as they
 * are counted), a batch at a time, calling `onBatch` after each (the job renews its lease there).
 * Counters are not touched: a row only remembers who was already counted that day. Answers how
 * many rows went.
 */
export async function sweepOldVisits(
  db: VisitContext['db'],
  { now = new Date(), onBatch }: { now?: Date; onBatch?: (deleted: number) => Promise<void> } = {},
): Promise<number> {
  const today = visitDay(now);
  let deleted = 0;
  for (;;) {
    const [row] = await executeRows(
      db,
      sql`WITH "gone" AS (
            DELETE FROM ${libraryVisits} WHERE ctid IN (
              SELECT ctid FROM ${libraryVisits}
              WHERE "day" < ${today}::date - ${KEPT_VISIT_DAYS}::int
              LIMIT ${SWEEP_BATCH})
            RETURNING 1)
          SELECT count(*)::int AS "count" FROM "gone"`,
    );
    const batch = Number(row?.count ?? 0);
    deleted += batch;
    if (batch < SWEEP_BATCH) return deleted;
    await onBatch?.(deleted);
  }
}
