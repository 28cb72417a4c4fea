import { sql } from 'drizzle-orm';
import type { AnnouncementDelivery } from '@plataforma/shared';
import type { AppContext } from '../../context';
import { notFound, refusal } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { EntryResponse, ListResponse, RawQuery } from '../../lib/strapi/engine';
import type { CommitLog } from '../../db/transaction';
import type { IdempotencyScope } from '../../lib/idempotency';
import { rowsOf, type Entity } from '../../lib/strapi/read';
import type { Executor } from '../../db/handles';
import { countAudience } from './announcements.audience';
import { ANNOUNCEMENT_UID } from './announcements.content-types';
import { ANNOUNCEMENT_EMAILS_PER_SECOND, sendAnnouncementKey } from './announcements.jobs';

/**
 * Announcements (ADR 0045): create, list and read them through the engine (validation, the access
 * table, lifecycles), with their delivery counted live; the composer's count; resending the
 * emails that failed.
 */

type Delivery = Omit<AnnouncementDelivery, 'recipients' | 'emailsQueued'>;
const NOTHING: Delivery = { emailsPending: 0, emailsSent: 0, emailsFailed: 0, entriesRead: 0 };

/**
 * The delivery of announcements by id, read where it happens: the outbox's emails by status
 * (the sender changes them) and the centre's entries read (the students mark them). Two grouped
 * counts on the announcement's indexes, whatever the page's length.
 */
export async function deliveryOf(db: Executor, ids: number[]): Promise<Map<number, Delivery>> {
  const found = new Map<number, Delivery>();
  if (ids.length === 0) return found;
  const list = sql.param(ids);
  const rows = await rowsOf(
    db,
    sql`SELECT "a"."id" AS "id",
          coalesce("e"."pending", 0) AS "pending", coalesce("e"."sent", 0) AS "sent",
          coalesce("e"."failed", 0) AS "failed", coalesce("c"."read", 0) AS "read"
        FROM unnest(${list}::int4[]) AS "a"("id")
        LEFT JOIN (SELECT "announcement_id",
                     count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
                     count(*) FILTER (WHERE "status" = 'sent')::int AS "sent",
                     count(*) FILTER (WHERE "status" = 'failed')::int AS "failed"
                   FROM "email_outbox" WHERE "announcement_id" = ANY(${list}::int4[])
                   GROUP BY "announcement_id") "e" ON "e"."announcement_id" = "a"."id"
        LEFT JOIN (SELECT "announcement_id", count(*)::int AS "read"
                   FROM "communication_centers"
                   WHERE "announcement_id" = ANY(${list}::int4[]) AND "is_read"
                   GROUP BY "announcement_id") "c" ON "c"."announcement_id" = "a"."id"`,
  );
  for (const row of rows) {
    found.set(Number(row.id), {
      emailsPending: Number(row.pending),
      emailsSent: Number(row.sent),
      emailsFailed: Number(row.failed),
      entriesRead: Number(row.read),
    });
  }
  return found;
}

/** Adds the live delivery to each entry's attributes. */
async function withDelivery(db: Executor, entities: Entity[]): Promise<void> {
  const delivery = await deliveryOf(
    db,
    entities.map((entity) => entity.id),
  );
  for (const entity of entities) {
    Object.assign(entity.attributes, delivery.get(entity.id) ?? NOTHING);
  }
}

/** `GET /api/announcements`: a v4 list the caller may see, newest first unless sorted. */
export async function listAnnouncements(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  raw: RawQuery,
): Promise<ListResponse> {
  const query = raw.sort === undefined ? { ...raw, sort: ['createdAt:desc', 'id:desc'] } : raw;
  const answer = await ctx.entities.find(ANNOUNCEMENT_UID, query, actor);
  await withDelivery(ctx.db, answer.data);
  return answer;
}

/**
 * `GET /api/announcements/:id`: 404 when missing or not the caller's to see. `db` is the
 * transaction of a write that answers the announcement (ADR 0068).
 */
export async function findAnnouncement(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  id: number,
  raw: RawQuery,
  db: Executor = ctx.db,
): Promise<EntryResponse> {
  const answer = JSON.parse(
    await ctx.entities.findOneJson(ANNOUNCEMENT_UID, id, raw, actor, undefined, db),
  ) as EntryResponse;
  if (answer.data) await withDelivery(db, [answer.data]);
  return answer;
}

/**
 * `POST /api/announcements`: the engine validates it, checks the access table and runs the
 * lifecycles (message cleaned, audience checked, author and status set, send queued). The answer,
 * its delivery included, is read in the write's transaction, where an `Idempotency-Key` records
 * it (ADR 0068).
 */
export async function createAnnouncement(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  body: unknown,
  raw: RawQuery,
  options: { idempotency?: IdempotencyScope | undefined; log?: CommitLog } = {},
): Promise<EntryResponse> {
  return ctx.entities.create(ANNOUNCEMENT_UID, body, raw, actor, {
    ...options,
    answer: async (tx, id) => {
      const answer = await ctx.entities.answerOf(tx, ANNOUNCEMENT_UID, id, raw, actor);
      if (answer.data) await withDelivery(tx, [answer.data]);
      return answer;
    },
  });
}

/** `POST /api/announcements/recipients`: how many students the audience reaches now. */
export async function countRecipients(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  audience: unknown,
): Promise<{ recipients: number }> {
  return { recipients: await countAudience(ctx.db, ctx.entities, actor, audience) };
}

/**
 * `POST /api/announcements/:id/resend`: the announcement's failed emails are due again, with a
 * fresh round of attempts (as the outbox's retry does, one by one), at the send's pace. Only for those who may see
 * the announcement (its author, admins); 404 otherwise. Answers how many.
 */
export async function resendFailedEmails(
  ctx: Pick<AppContext, 'db' | 'entities' | 'emailSender'>,
  actor: Actor,
  id: number,
): Promise<{ requeued: number }> {
  const visible = ctx.entities.where(ANNOUNCEMENT_UID, actor, 'a', { visible: 'preview' });
  const [found] = await rowsOf(
    ctx.db,
    sql`SELECT "a"."id" AS "id" FROM "announcements" "a" WHERE "a"."id" = ${id} AND ${visible}`,
  );
  if (!found) throw notFound();
  const rows = await rowsOf(
    ctx.db,
    sql`UPDATE "email_outbox" "o"
        SET "status" = 'pending', "attempts" = 0, "locked_until" = NULL, "updated_at" = now(),
            "next_attempt_at" = now() + make_interval(secs => ("f"."n" - 1) / ${ANNOUNCEMENT_EMAILS_PER_SECOND}::float8)
        FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS "n"
              FROM "email_outbox"
              WHERE "announcement_id" = ${id} AND "status" = 'failed') "f"
        WHERE "o"."id" = "f"."id" AND "o"."status" = 'failed'
        RETURNING "o"."id"`,
  );
  if (rows.length > 0) ctx.emailSender.wake();
  return { requeued: rows.length };
}

/** The refusal when the send has already started or ended: nothing is left to cancel. */
export const NOT_CANCELLABLE_MESSAGE =
  'La comunicación ya no se puede cancelar: su envío ha empezado o ha terminado.';

/**
 * `POST /api/announcements/:id/cancel`: a scheduled announcement is never sent. The status moves
 * from `scheduled` to `cancelled` only (the send job moves it to `sending` with the same
 * condition, so of the two whichever writes the row first wins and the other sees it), and its
 * job, still waiting, is closed in the same transaction so the queue shows nothing pending.
 * Its author or an admin (404 otherwise); 409 once the send has started.
 */
export async function cancelAnnouncement(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  id: number,
  raw: RawQuery,
): Promise<EntryResponse> {
  const visible = ctx.entities.where(ANNOUNCEMENT_UID, actor, 'a', { visible: 'preview' });
  return ctx.db.transaction(async (tx) => {
    const [found] = await rowsOf(
      tx,
      sql`SELECT "a"."id" AS "id", "a"."status" AS "status" FROM "announcements" "a"
          WHERE "a"."id" = ${id} AND ${visible} FOR UPDATE`,
    );
    if (!found) throw notFound();
    if (found.status !== 'scheduled') {
      throw refusal('CONFLICT', NOT_CANCELLABLE_MESSAGE, { status: found.status });
    }
    await tx.execute(
      sql`UPDATE "announcements" SET "status" = 'cancelled', "updated_at" = now() WHERE "id" = ${id}`,
    );
    await tx.execute(
      sql`UPDATE "jobs" SET "status" = 'done', "finished_at" = now(), "updated_at" = now(),
            "result" = '{"skipped":"cancelled"}'::jsonb
          WHERE "key" = ${sendAnnouncementKey(id)} AND "status" = 'pending'
            AND ("locked_until" IS NULL OR "locked_until" < now())`,
    );
    // Read before the commit: once committed, the cancel is answered whatever happens (ADR 0068).
    return findAnnouncement(ctx, actor, id, raw, tx);
  });
}
