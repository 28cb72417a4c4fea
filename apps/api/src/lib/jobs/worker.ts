import { and, asc, eq, inArray, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/handles';
import { jobs } from '../../db/schema';
import type { FileStorage } from '../storage';
import { JOBS_QUEUED_CHANNEL } from './enqueue';
import { listenOnChannel } from '../../db/listen';

/** Fallback poll: due retries, runs out of leases, and jobs whose notification was missed. */
const POLL_MS = 5_000;
/** First retry after 15 s, doubling, never more than an hour apart. */
export const BACKOFF_BASE_S = 15;
export const BACKOFF_MAX_S = 3_600;
/**
 * A claimed job belongs to its worker for this long; each `progress()` renews it. A worker that
 * dies mid-job leaves it to be taken again by any worker once the lease runs out.
 */
export const DEFAULT_LEASE_SECONDS = 300;
/** Jobs one worker runs at once (a PDF's text is read on this process's CPU). */
const DEFAULT_CONCURRENCY = 2;
/** Time given to jobs in flight when the app closes before they are handed back. */
const STOP_GRACE_MS = 5_000;
/** How long `flush()` waits for the queue to empty before it gives up. */
const FLUSH_TIMEOUT_MS = 60_000;

/** Seconds to wait after the n-th failed attempt (n ≥ 1). */
export function backoffSeconds(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(BACKOFF_BASE_S * 2 ** Math.min(exponent, 20), BACKOFF_MAX_S);
}

/** backoffSeconds in SQL, for a job whose `attempts` (counted at claim) just failed. */
function backoffInterval(attempts: SQL | AnyColumn): SQL {
  return sql`make_interval(secs => least(${BACKOFF_BASE_S} * power(2, least(greatest(${attempts} - 1, 0), 20)), ${BACKOFF_MAX_S}))`;
}

/** Thrown by a handler when trying again cannot help (a payload that cannot be done): failed at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** What a handler receives to do one job. */
export interface JobContext<P> {
  job: { id: number; kind: string; attempt: number; maxAttempts: number };
  /** The job's payload, validated by the kind's schema. */
  payload: P;
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * Records visible progress (`progress_done` of `progress_total`; total unchanged when left out)
   * and renews the lease: a long job calls it now and then.
   */
  progress: (done: number, total?: number | null) => Promise<void>;
  /** Aborted when the worker stops (after its grace period) or lost the job's lease. */
  signal: AbortSignal;
}

/** What a kind's `onFailure` receives when one of its jobs fails for good. */
export interface JobFailureContext<P> {
  job: { id: number; kind: string; attempts: number; maxAttempts: number };
  /** The job's payload, validated by the kind's schema. */
  payload: P;
  /**
   * The transaction that records the job's failure: what `onFailure` writes commits with it, or
   * not at all.
   */
  tx: Transaction;
  /** Why it failed, as recorded in `last_error`. */
  error: string;
  log: FastifyBaseLogger;
}

/** A kind of job that comes back by itself (ADR 0042): one row per kind, whatever the processes. */
export interface JobRepeat<P> {
  /** Time from the end of one run (done or given up) to the next. */
  everySeconds: number;
  /** The payload of every run. */
  payload: P;
}

/**
 * One kind of job: its payload's schema and what doing it means. What `run` answers is kept as
 * the job's result (JSON). Throwing retries the job with back-off, or fails it after its last
 * attempt; `PermanentJobError` (and a payload its schema refuses) fails it at once. A job may run
 * more than once (a worker that died after doing it, a lease that ran out): `run` must be safe to
 * repeat.
 */
export interface JobDefinition<P> {
  kind: string;
  payload: ZodType<P>;
  run(context: JobContext<P>): Promise<unknown>;
  /**
   * Called once when a job of this kind fails for good (its last attempt failed or never
   * finished, or the error was permanent), inside the transaction that marks it so: whatever the
   * job left half done is put right with its failure (ADR 0042), not by a later process. A job
   * replaced meanwhile (enqueued again) has not failed: it is not called. If it throws, its writes
   * are undone and logged; the job's failure is still recorded. Not called for a payload the
   * schema refuses.
   */
  onFailure?(context: JobFailureContext<P>): Promise<void>;
  /**
   * A recurring job (ADR 0042): every worker that knows the kind makes sure, when it starts, that
   * its one row (key `repeatKey(kind)`) exists; after each run, done or given up, the same row is
   * due again `everySeconds` later. Being one keyed row claimed under a lease, several processes
   * never run it twice at once nor multiply it.
   */
  repeat?: JobRepeat<P>;
}

/** The key of a recurring kind's one row. */
export const repeatKey = (kind: string) => `repeat:${kind}`;

export interface JobWorkerOptions {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  concurrency?: number;
  leaseSeconds?: number;
  pollMs?: number;
  stopGraceMs?: number;
}

type Claimed = Pick<
  typeof jobs.$inferSelect,
  'id' | 'kind' | 'payload' | 'attempts' | 'maxAttempts'
> & { lockedUntil: Date };

/** A job this worker holds: its lease (the fencing token of every write about it) and its abort. */
interface Held {
  lease: Date;
  controller: AbortController;
}

const describeError = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2_000);

/** The handler's answer as JSON for the `result` column, or null when it has none (or no JSON). */
function asResult(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return null;
  }
}

/**
 * Runs the durable job queue (ADR 0037), the email sender's mechanism (lib/mail/email.sender.ts)
 * for any kind of work. Every API process runs one: jobs of the kinds it knows are claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease, so two workers never run the same job at once; a failure
 * is retried with back-off and the job is `failed` after its last attempt; a worker that dies
 * mid-job leaves it to another one when the lease runs out. Every outcome is written only while
 * the worker still holds the lease it was given (the lease's end is the fencing token), so a
 * worker that lost a job, or whose job was enqueued again meanwhile, changes nothing.
 * Woken by NOTIFY when a job is committed, and by a poll.
 */
export class JobWorker {
  private readonly db: Database;
  private readonly storage: FileStorage;
  private readonly log: FastifyBaseLogger;
  private readonly concurrency: number;
  private readonly lease: SQL;
  private readonly pollMs: number;
  private readonly stopGraceMs: number;
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly held = new Map<number, Held>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private stopping: Promise<void> | undefined;

  constructor(options: JobWorkerOptions) {
    this.db = options.db;
    this.storage = options.storage;
    this.log = options.log;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    const leaseSeconds = Math.max(1, Math.floor(options.leaseSeconds ?? DEFAULT_LEASE_SECONDS));
    // Cut to milliseconds, so the lease read back into a JS Date matches the column exactly.
    this.lease = sql.raw(`date_trunc('milliseconds', now()) + interval '${leaseSeconds} seconds'`);
    this.pollMs = options.pollMs ?? POLL_MS;
    this.stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
  }

  /** Adds a kind of job this worker runs (before `start`, usually). */
  register<P>(definition: JobDefinition<P>): this {
    if (this.definitions.has(definition.kind)) {
      throw new Error(`A job kind is registered twice: ${definition.kind}`);
    }
    this.definitions.set(definition.kind, definition);
    return this;
  }

  /** The kinds this worker runs: it never claims a job of another kind. */
  get kinds(): string[] {
    return [...this.definitions.keys()];
  }

  /** Starts polling and listening; the first round runs at once. */
  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.scheduleRepeating();
    } catch (error) {
      // The next process to start tries again; the rest of the queue works meanwhile.
      this.log.error({ err: error }, 'could not schedule the recurring jobs');
    }
    this.timer = setInterval(() => this.wake(), this.pollMs);
    // A process must be able to exit with the poll scheduled (stop() still clears it).
    this.timer.unref();
    try {
      this.unlisten = await listenOnChannel(
        this.db,
        JOBS_QUEUED_CHANNEL,
        () => this.wake(),
        (error) => this.log.warn({ err: error }, 'job notifications lost; polling only'),
      );
    } catch (error) {
      this.log.warn({ err: error }, 'cannot listen for queued jobs; polling only');
    }
    this.wake();
  }

  /**
   * Makes sure every recurring kind of this worker has its row (due now when new). A row that is
   * waiting or running is left as it is, so processes starting one after another neither move
   * nor duplicate it; one a former version failed is brought back.
   */
  private async scheduleRepeating(): Promise<void> {
    for (const definition of this.definitions.values()) {
      if (!definition.repeat) continue;
      await this.db
        .insert(jobs)
        .values({
          kind: definition.kind,
          key: repeatKey(definition.kind),
          payload: definition.repeat.payload,
        })
        .onConflictDoUpdate({
          target: jobs.key,
          set: {
            kind: definition.kind,
            payload: definition.repeat.payload,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: sql`now()`,
            lockedUntil: null,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${jobs.status} <> 'pending'`,
        });
    }
  }

  /** Look for due jobs soon (after a commit that queued one). Never throws. */
  wake(): void {
    if (this.stopped || this.definitions.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'job round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Runs every job of this worker's kinds that is due now and resolves when none is due or in
   * flight, here or in another worker (tests, tools); jobs waiting for a retry are left alone.
   */
  async flush({ timeoutMs = FLUSH_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.stopped || this.definitions.size === 0) return;
      await this.idle();
      this.wake();
      await this.idle();
      if (!(await this.hasOutstanding())) return;
      if (Date.now() >= deadline)
        throw new Error(`Jobs still due or running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Stops polling; jobs in flight get a grace period, then are aborted and handed back (due now,
   * that attempt not counted), so another process takes them without waiting for the lease.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    const inFlight = this.running;
    if (!inFlight) return;
    let grace: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      inFlight.then(() => true),
      new Promise<boolean>(
        (resolve) => (grace = setTimeout(() => resolve(false), this.stopGraceMs)),
      ),
    ]);
    clearTimeout(grace);
    if (finished) return;
    for (const [id, held] of this.held) {
      // Handed back first: whatever the aborted handler records afterwards is fenced off.
      await this.db
        .update(jobs)
        .set({
          lockedUntil: null,
          nextAttemptAt: sql`now()`,
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          updatedAt: sql`now()`,
        })
        .where(this.fence(id, held.lease))
        .catch((error: unknown) =>
          this.log.warn({ err: error, jobId: id }, 'could not hand a job back'),
        );
      held.controller.abort(new Error('the job worker is stopping'));
    }
    this.held.clear();
  }

  /** Resolves when no round runs (a round may chain another one when woken meanwhile). */
  private async idle(): Promise<void> {
    for (let round = this.running; round; round = this.running) await round;
  }

  /** A job of this worker's kinds that is due, or held by some worker right now. */
  private async hasOutstanding(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          inArray(jobs.kind, this.kinds),
          sql`(${jobs.nextAttemptAt} <= now() OR ${jobs.lockedUntil} > now())`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Claims and runs batches until nothing is due or the worker stops. */
  private async runDue(): Promise<void> {
    while (!this.stopped) {
      await this.failAbandoned();
      const batch = await this.claim();
      if (batch.length === 0) return;
      await Promise.all(batch.map((job) => this.execute(job)));
    }
  }

  /**
   * A job whose last attempt never reported (its worker died, its lease ran out) gets no more:
   * it is given up, with why (failed, or a recurring one due again later), and its kind's
   * `onFailure` runs in that transaction. Looked for first, so that an idle poll writes nothing
   * (every write to a table is announced to every process, db/change-feed.ts).
   */
  private async failAbandoned(): Promise<void> {
    const abandoned = and(
      eq(jobs.status, 'pending'),
      inArray(jobs.kind, this.kinds),
      sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      lte(jobs.nextAttemptAt, sql`now()`),
    );
    const found = await this.db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
      })
      .from(jobs)
      .where(abandoned)
      .limit(100);
    for (const job of found) {
      await this.giveUp(
        job,
        and(eq(jobs.id, job.id), abandoned) as SQL,
        'the last attempt never finished (the worker stopped or its lease ran out)',
        sql`coalesce(${jobs.lastError} || '; ', '') || ${'the last attempt never finished (the worker stopped or its lease ran out)'}`,
      ).catch((error: unknown) =>
        this.log.error({ err: error, jobId: job.id }, 'could not give up an abandoned job'),
      );
    }
  }

  /**
   * Records that a job failed for good, where `condition` still holds (the lease it was given, or
   * still abandoned): `failed`, or for a recurring kind due again after its period. The kind's
   * `onFailure` runs in the same transaction, in a savepoint: if it throws, its writes are undone
   * and the failure is recorded anyway (logged). Answers whether the job was given up here.
   */
  private async giveUp(
    job: Pick<Claimed, 'id' | 'kind' | 'payload' | 'attempts' | 'maxAttempts'>,
    condition: SQL,
    error: string,
    lastError: SQL | string = error,
  ): Promise<boolean> {
    const definition = this.definitions.get(job.kind);
    const every = definition?.repeat?.everySeconds;
    const finished = {
      lockedUntil: null,
      lastError,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    const values =
      every === undefined
        ? { ...finished, status: 'failed' as const }
        : {
            ...finished,
            status: 'pending' as const,
            attempts: 0,
            nextAttemptAt: sql`now() + make_interval(secs => ${every})`,
          };
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(jobs).set(values).where(condition).returning({ id: jobs.id });
      if (!row) return false;
      const parsed = definition?.payload.safeParse(job.payload);
      if (definition?.onFailure && parsed?.success) {
        const onFailure = definition.onFailure.bind(definition);
        const log = this.log.child({ jobId: job.id, jobKind: job.kind });
        try {
          await tx.transaction((savepoint) =>
            onFailure({
              job: {
                id: job.id,
                kind: job.kind,
                attempts: job.attempts,
                maxAttempts: job.maxAttempts,
              },
              payload: parsed.data,
              tx: savepoint,
              error,
              log,
            }),
          );
        } catch (hookError) {
          log.error(
            { err: hookError },
            'the failed job’s onFailure failed; its writes were undone',
          );
        }
      }
      return true;
    });
  }

  /**
   * Leases up to `concurrency` due jobs, counting the attempt now: a job that brings its worker
   * down still runs out of attempts. SKIP LOCKED lets concurrent workers pass over rows another
   * one is claiming; the lease keeps them away once the claim commits. Nothing due, nothing is
   * written.
   */
  private async claim(): Promise<Claimed[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'pending'),
            lte(jobs.nextAttemptAt, sql`now()`),
            inArray(jobs.kind, this.kinds),
            lt(jobs.attempts, jobs.maxAttempts),
          ),
        )
        .orderBy(asc(jobs.nextAttemptAt), asc(jobs.id))
        .limit(this.concurrency)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(jobs)
        .set({
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: this.lease,
          nextAttemptAt: this.lease,
          updatedAt: sql`now()`,
        })
        .where(
          inArray(
            jobs.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: jobs.id,
          kind: jobs.kind,
          payload: jobs.payload,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          lockedUntil: jobs.lockedUntil,
        });
      return rows.filter((row): row is Claimed => row.lockedUntil !== null);
    });
  }

  /** The job, while this worker still holds the lease it was given. */
  private fence(id: number, lease: Date): SQL {
    return and(eq(jobs.id, id), eq(jobs.status, 'pending'), eq(jobs.lockedUntil, lease)) as SQL;
  }

  private async execute(job: Claimed): Promise<void> {
    const definition = this.definitions.get(job.kind);
    if (!definition) return;
    const held: Held = { lease: job.lockedUntil, controller: new AbortController() };
    this.held.set(job.id, held);
    // Progress writes run one after the other, each renewing the lease the next one fences on.
    let progressWrites: Promise<void> = Promise.resolve();
    const progress = (done: number, total?: number | null): Promise<void> => {
      const write = progressWrites.then(() => this.recordProgress(job.id, held, done, total));
      progressWrites = write.catch(() => undefined);
      return write;
    };
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new PermanentJobError(`Invalid payload: ${parsed.error.message}`);
      }
      const result = await definition.run({
        job: { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts },
        payload: parsed.data,
        db: this.db,
        storage: this.storage,
        log: this.log.child({ jobId: job.id, jobKind: job.kind }),
        progress,
        signal: held.controller.signal,
      });
      await progressWrites;
      await this.recordSuccess(job, held, result);
    } catch (error) {
      await progressWrites;
      await this.recordFailure(job, held, error).catch((dbError: unknown) =>
        // The lease runs out and the job is tried again.
        this.log.error({ err: dbError, jobId: job.id }, 'could not record a job failure'),
      );
    } finally {
      if (this.held.get(job.id) === held) this.held.delete(job.id);
    }
  }

  private async recordProgress(id: number, held: Held, done: number, total?: number | null) {
    const count = (n: number) => Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));
    const [row] = await this.db
      .update(jobs)
      .set({
        progressDone: count(done),
        progressTotal:
          total === undefined ? sql`${jobs.progressTotal}` : total === null ? null : count(total),
        lockedUntil: this.lease,
        nextAttemptAt: this.lease,
        updatedAt: sql`now()`,
      })
      .where(this.fence(id, held.lease))
      .returning({ lockedUntil: jobs.lockedUntil });
    if (row?.lockedUntil) {
      held.lease = row.lockedUntil;
    } else if (!held.controller.signal.aborted) {
      // Enqueued again, or taken by another worker after the lease ran out: stop wasting work.
      held.controller.abort(new Error('the job is no longer held by this worker'));
    }
  }

  private async recordSuccess(job: Claimed, held: Held, result: unknown) {
    const every = this.definitions.get(job.kind)?.repeat?.everySeconds;
    await this.db
      .update(jobs)
      .set({
        status: 'done',
        lockedUntil: null,
        result: asResult(result),
        lastError: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
        // A recurring job is due again after its period, its last result kept meanwhile.
        ...(every === undefined
          ? {}
          : {
              status: 'pending' as const,
              attempts: 0,
              nextAttemptAt: sql`now() + make_interval(secs => ${every})`,
            }),
      })
      .where(this.fence(job.id, held.lease));
  }

  /**
   * Schedules the next attempt with back-off from the attempts counted so far, or gives the job
   * up when it was its last attempt or the error is permanent (`giveUp`: failed, `onFailure` in
   * the same transaction). Written only under the lease this worker was given, so the attempts
   * read at claim are still the row's.
   */
  private async recordFailure(job: Claimed, held: Held, error: unknown) {
    const permanent = error instanceof PermanentJobError;
    const last = permanent || job.attempts >= job.maxAttempts;
    this.log[last ? 'error' : 'warn'](
      { err: error, jobId: job.id, jobKind: job.kind, attempt: job.attempts, permanent },
      last ? 'job failed for good' : 'job failed; it will be retried',
    );
    if (last) {
      await this.giveUp(job, this.fence(job.id, held.lease), describeError(error));
      return;
    }
    await this.db
      .update(jobs)
      .set({
        lockedUntil: null,
        lastError: describeError(error),
        nextAttemptAt: sql`now() + ${backoffInterval(jobs.attempts)}`,
        updatedAt: sql`now()`,
      })
      .where(this.fence(job.id, held.lease));
  }
}
