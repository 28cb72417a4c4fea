import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { EMAIL_STATUSES, emailOutbox } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { IN_FLIGHT } from '../../lib/mail/email.sender';

/**
 * The admins' view of the outbox (issue 3 Email): what went, what is waiting and why, and a way to
 * send a failed email again.
 */

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));
const status = z.enum(EMAIL_STATUSES);
const textValue = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !v.includes('\0'), 'must not contain NUL');

const listQuery = z.strictObject({
  pagination: z
    .strictObject({
      page: positiveInt(1_000_000).optional(),
      pageSize: positiveInt(100).optional(),
    })
    .optional(),
  filters: z
    .strictObject({
      status: z.union([status, z.strictObject({ $eq: status })]).optional(),
      recipient: z
        .union([
          textValue,
          z.strictObject({ $eq: textValue }),
          z.strictObject({ $eqi: textValue }),
          z.strictObject({ $containsi: textValue }),
        ])
        .optional(),
    })
    .optional(),
});
export type OutboxListQuery = z.infer<typeof listQuery>;

/** Validates the query string of the list; anything else is a 400 naming the problem. */
export function parseListQuery(query: unknown): OutboxListQuery {
  const parsed = listQuery.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? issue.keys : issue.path.map(String);
    const message =
      issue.code === 'unrecognized_keys'
        ? `Invalid key ${issue.keys.join(', ')}`
        : `Invalid value of ${path.join('.')}: ${issue.message}`;
    return { path, message, name: 'ValidationError' };
  });
  throw new AppError('VALIDATION', errors[0]?.message ?? 'Invalid query', { errors });
}

/** Ids in paths: a positive int4, else 400 (as the engine answers). */
export function parseId(value: string): number {
  if (!/^[0-9]{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    throw new AppError('VALIDATION', 'Invalid id', {
      errors: [{ path: ['id'], message: 'Invalid id', name: 'ValidationError' }],
    });
  }
  return Number(value);
}

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

/** A row on the wire: every attribute listed here, nothing else (house style rule 5). */
function present(row: Summary & { html?: string; text?: string }) {
  const { id, ...attributes } = row;
  return { id, attributes };
}

/** `GET /api/admin/outbox`: newest first, paginated, by status and recipient. */
export async function listOutbox(db: Database, query: OutboxListQuery) {
  const page = query.pagination?.page ?? 1;
  const pageSize = query.pagination?.pageSize ?? 25;
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

/** `GET /api/admin/outbox/:id`: the email as it was rendered, HTML and text included. */
export async function findOutboxEmail(db: Database, id: number) {
  const [row] = await db
    .select({ ...SUMMARY, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  if (!row) throw notFound();
  return { data: present(row), meta: {} };
}

/**
 * `POST /api/admin/outbox/:id/retry`: a failed or waiting email is due now, with a fresh round of
 * attempts (its last error is kept until the next attempt replaces it). A sent email, or one a
 * sender holds at this moment, is refused: sending it again could deliver it twice.
 */
export async function retryOutboxEmail(db: Database, id: number) {
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
  return findOutboxEmail(db, row.id);
}
