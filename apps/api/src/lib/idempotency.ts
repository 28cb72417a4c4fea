import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deleteInBatches, executeRows } from '../db/statements';
import type { Executor } from '../db/handles';
import { refusal } from './errors';
import type { JobDefinition } from './jobs';

/**
 * `Idempotency-Key` (ADR 0068), with Stripe's semantics: a signed-in client that sends a POST
 * with a key and sends it again (its answer was lost: a timeout, a 503, a closed tab) gets the
 * first answer again, same status and body, with `Idempotent-Replayed: true`, instead of a
 * second write. The key is the account's: the same key from another account is another request.
 * The row is claimed at the start of the write's own transaction and its answer recorded at its
 * end, so it exists exactly when the write committed; a request that failed left nothing and
 * may be sent again as new. PostgreSQL makes a concurrent second request with the same key wait
 * on the first's claim, then see its row: two identical requests at once make one write.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key answers the same: Stripe's 24 hours. An older one is a new request. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** 1 to 255 printable ASCII characters: a UUID, or any token a client makes. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/** The same rule as the OpenAPI document states it (the route checks it, in Spanish). */
export const IDEMPOTENCY_KEY_RULE = {
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7E]+$',
} as const;

/** What people read of this module (the web shows the 422 as it is). */
export const IDEMPOTENCY_MESSAGES = {
  badKey: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII imprimibles.',
  otherRequest:
    'Esta clave de idempotencia ya se usó para otra petición. Genera una clave nueva para cada envío distinto.',
} as const;

/** How the OpenAPI document describes the header (lib/route-schema.ts, registry-document.ts). */
export const IDEMPOTENCY_KEY_DESCRIPTION = `Optional; signed-in callers only (a visitor's is ignored). The same key from the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours answers the first request's status and body again, with \`Idempotent-Replayed: true\`, and writes nothing; the same key with another method, address or body is 422. 1 to 255 printable ASCII characters (400 otherwise); a UUID per submission is the usual choice (ADR 0068).`;

/** The account and key of a request that sent the header. */
export interface IdempotencyKey {
  userId: number;
  key: string;
}

/** A request sent with a key, as `claim` and `record` know it. */
export interface IdempotencyScope extends IdempotencyKey {
  /** SHA-256 (hex) of the method, the address (path and query) and the body: which request. */
  fingerprint: string;
  /** The status its route answers a success with, recorded with the body and replayed. */
  status: number;
}

/**
 * Thrown by `claim` when the request was answered already: the caller's transaction rolls back
 * (nothing was written) and `answeringReplays` sends the stored answer.
 */
export class IdempotentReplay extends Error {
  override name = 'IdempotentReplay';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super('an idempotent request answered again');
  }
}

/**
 * The request's key: undefined without the header, and for visitors (a key is an account's:
 * one visitor cannot be told from another); 400 for a key that is not 1 to 255 printable ASCII
 * characters.
 */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined || request.actor.kind !== 'user') return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (!KEY_PATTERN.test(key)) {
    throw refusal('VALIDATION', IDEMPOTENCY_MESSAGES.badKey, {
      errors: [
        {
          path: ['headers', IDEMPOTENCY_KEY_HEADER],
          message: IDEMPOTENCY_MESSAGES.badKey,
          name: 'ValidationError',
        },
      ],
    });
  }
  return { userId: request.actor.userId, key };
}

/**
 * The scope of a request with a key, its body being `body` (a multipart upload passes its fields
 * and its files' SHA-256); `status` is what the route answers a success with.
 */
export function scopeOf(
  key: IdempotencyKey,
  request: FastifyRequest,
  status: number,
  body: unknown,
): IdempotencyScope {
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(body)}`)
    .digest('hex');
  return { ...key, fingerprint, status };
}

/** `scopeOf` for a route whose body is parsed JSON; undefined without a key. */
export function idempotencyScope(
  request: FastifyRequest,
  status: number,
): IdempotencyScope | undefined {
  const key = idempotencyKeyOf(request);
  return key && scopeOf(key, request, status, request.body);
}

/**
 * JSON with every object's keys sorted: the same body is the same request whatever order a
 * client's library writes its keys in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Claims the key in the write's transaction, first thing. A new key (or one older than the
 * window, taken over) is held until the transaction ends; a concurrent request with the same key
 * waits here for it. A key answered already: the same request throws `IdempotentReplay` with the
 * stored answer (the caller writes nothing), another request is 422.
 */
export async function claim(tx: Executor, scope: IdempotencyScope): Promise<void> {
  // Twice at most: the row that conflicted may be purged between the two statements, at the
  // very end of its window; then the key is free and the second claim takes it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await executeRows(
      tx,
      sql`INSERT INTO "idempotency_keys" ("user_id", "key", "fingerprint")
          VALUES (${scope.userId}, ${scope.key}, ${scope.fingerprint})
          ON CONFLICT ("user_id", "key") DO UPDATE
            SET "fingerprint" = excluded."fingerprint", "status" = NULL, "body" = NULL,
                "created_at" = now()
            WHERE "idempotency_keys"."created_at" <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
          RETURNING 1 AS "id"`,
    );
    if (claimed) return;
    // A statement of its own: under READ COMMITTED it sees the row the other transaction
    // committed while the insert waited for it.
    const [stored] = await executeRows(
      tx,
      sql`SELECT 0 AS "id", "fingerprint", "status", "body" FROM "idempotency_keys"
          WHERE "user_id" = ${scope.userId} AND "key" = ${scope.key}`,
    );
    if (!stored) continue;
    if (stored.fingerprint !== scope.fingerprint) {
      throw refusal('UNPROCESSABLE', IDEMPOTENCY_MESSAGES.otherRequest, {
        header: 'Idempotency-Key',
      });
    }
    if (typeof stored.status !== 'number' || typeof stored.body !== 'string') {
      // Only the claiming transaction sees its row unrecorded, and it never claims twice.
      throw new Error('an idempotency key was claimed but never recorded');
    }
    throw new IdempotentReplay(stored.status, stored.body);
  }
  throw new Error('an idempotency key could not be claimed');
}

/** Records the answer of a claimed key, last thing in the write's transaction. */
export async function record(tx: Executor, scope: IdempotencyScope, body: string): Promise<void> {
  await tx.execute(
    sql`UPDATE "idempotency_keys" SET "status" = ${scope.status}, "body" = ${body}
        WHERE "user_id" = ${scope.userId} AND "key" = ${scope.key}`,
  );
}

/** The JSON text an answer is sent as: an engine answer given as text is sent as it is. */
export const answerText = (answer: unknown): string =>
  typeof answer === 'string' ? answer : JSON.stringify(answer);

/**
 * Runs a route's work and answers what it answers. When the work turns out to be a replay, the
 * reply takes the stored status and `Idempotent-Replayed: true`, and the stored answer is
 * answered: the JSON of the route's own answer, sent through the route's serializer as the first
 * one was.
 */
export async function answeringReplays<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof IdempotentReplay)) throw error;
    void reply.code(error.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return JSON.parse(error.body) as T;
  }
}

/**
 * Deletes the keys older than the window (a claim takes an expired one over anyway): the table
 * holds about a day of keyed writes. Answers how many.
 */
export function purgeIdempotencyKeys(
  db: Executor,
  { onBatch }: { onBatch?: (deleted: number) => Promise<void> } = {},
): Promise<number> {
  return deleteInBatches(
    db,
    (limit) => sql`DELETE FROM "idempotency_keys" WHERE ("user_id", "key") IN (
              SELECT "user_id", "key" FROM "idempotency_keys"
              WHERE "created_at" <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
              LIMIT ${limit})`,
    { onBatch },
  );
}

export const PURGE_IDEMPOTENCY_KEYS = 'idempotency.purge';

/**
 * `idempotency.purge`: hourly, a recurring job of the queue (ADR 0042), so the table holds at
 * most a little over a day of keys.
 */
export const purgeIdempotencyKeysJob: JobDefinition<Record<string, never>> = {
  kind: PURGE_IDEMPOTENCY_KEYS,
  payload: z.object({}).strict(),
  repeat: { everySeconds: 3_600, payload: {} },
  async run({ db, progress }) {
    return { deleted: await purgeIdempotencyKeys(db, { onBatch: (done) => progress(done) }) };
  },
};
