import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxEmailAnswer,
  type OutboxListAnswer,
  type OutboxListQuery,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable, Transaction } from '../../db/handles';
import { emailOutbox } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { IN_FLIGHT } from '../../lib/mail/email.sender';
import { outboxHtml, outboxText } from '../../lib/mail/outbox';

/**
 * The admins' view of the outbox (issue 3 Email): what went, what is waiting and why, and a way to
 * send a failed email again.
 */

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const SUMMARY = {
  id: emailOutbox.id,
  recipient: emailOutbox.recipient,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
  updatedAt: emailOutbox.updatedAt,
};
type Summary = { [K in keyof typeof SUMMARY]: (typeof emailOutbox.$inferSelect)[K] };

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A row on the wire: every attribute listed here, nothing else (house style rule 5). */
function present({ id, nextAttemptAt, sentAt, createdAt, updatedAt, ...rest }: Summary) {
  return {
    id,
    attributes: {
      ...rest,
      nextAttemptAt: iso(nextAttemptAt),
      sentAt: iso(sentAt),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    },
  };
}

/** `GET /api/admin/outbox`: newest first, paginated, by status and recipient. */
export async function listOutbox(
  { db }: AppContext,
  query: OutboxListQuery,
): Promise<OutboxListAnswer> {
  const page = query.pagination?.page ?? 1;
  const pageSize = query.pagination?.pageSize ?? OUTBOX_PAGE_SIZE;
  const conditions: SQL[] = [];
  const wantedStatus =
    typeof query.filters?.status === 'object' ? query.filters.status.$eq : query.filters?.status;
  if (wantedStatus) conditions.push(eq(emailOutbox.status, wantedStatus));
  const recipient = query.filters?.recipient;
  if (recipient !== undefined) {
    if (typeof recipient === 'object' && '$containsi' in recipient) {
      conditions.push(
        sql`${emailOutbox.recipient} ILIKE ${`%${likeEscape(recipient.$containsi)}%`}`,
      );
    } else {
      // Addresses are case-insensitive: $eq and $eqi both compare lower-cased.
      const value =
        typeof recipient === 'string'
          ? recipient
          : '$eq' in recipient
            ? recipient.$eq
            : recipient.$eqi;
      conditions.push(sql`lower(${emailOutbox.recipient}) = lower(${value})`);
    }
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(SUMMARY)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  const totalCount = Number(total?.total ?? 0);
  return {
    data: rows.map(present),
    meta: {
      pagination: {
        page,
        pageSize,
        pageCount: Math.ceil(totalCount / pageSize),
        total: totalCount,
      },
    },
  };
}

/**
 * `GET /api/admin/outbox/:id`: the email as it was rendered, HTML and text included. `db` may be
 * the transaction of a change that answers the email (ADR 0068).
 */
export async function findOutboxEmail(
  { db }: { db: Queryable },
  id: number,
): Promise<OutboxEmailAnswer> {
  const [row] = await db
    .select({ ...SUMMARY, html: outboxHtml, text: outboxText })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  if (!row) throw notFound();
  const { html, text, ...summary } = row;
  const { id: entryId, attributes } = present(summary);
  return { data: { id: entryId, attributes: { ...attributes, html, text } }, meta: {} };
}

/**
 * `POST /api/admin/outbox/:id/retry`: a failed or waiting email is due now, with a fresh round of
 * attempts (its last error is kept until the next attempt replaces it). A sent email, or one a
 * sender holds at this moment, is refused: sending it again could deliver it twice. The answer is
 * read in the change's transaction: once committed, the retry is answered whatever happens.
 */
export async function retryOutboxEmail(ctx: AppContext, id: number): Promise<OutboxEmailAnswer> {
  const answer = await ctx.db.transaction((tx) => requeue(tx, id));
  ctx.emailSender.wake();
  return answer;
}

async function requeue(db: Transaction, id: number): Promise<OutboxEmailAnswer> {
  const [row] = await db
    .update(emailOutbox)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(emailOutbox.id, id),
        or(
          eq(emailOutbox.status, 'failed'),
          and(eq(emailOutbox.status, 'pending'), sql`NOT ${IN_FLIGHT}`),
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  if (!row) {
    const [current] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id))
      .limit(1);
    if (!current) throw notFound();
    throw new AppError(
      'CONFLICT',
      current.status === 'sent' ? 'This email was already sent' : 'This email is being sent now',
    );
  }
  return findOutboxEmail({ db }, row.id);
}
