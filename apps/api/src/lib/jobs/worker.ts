import { and, asc, eq, inArray, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { Database } from '../../db/client';
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
}

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
   * it is `failed`, with why. Looked for first, so that an idle poll writes nothing (every write
   * to a table is announced to every process, db/change-feed.ts).
   */
  private async failAbandoned(): Promise<void> {
    const abandoned = and(
      eq(jobs.status, 'pending'),
      inArray(jobs.kind, this.kinds),
      sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      lte(jobs.nextAttemptAt, sql`now()`),
    );
    const found = await this.db.select({ id: jobs.id }).from(jobs).where(abandoned).limit(100);
    if (found.length === 0) return;
    await this.db
      .update(jobs)
      .set({
        status: 'failed',
        lockedUntil: null,
        lastError: sql`coalesce(${jobs.lastError} || '; ', '') || 'the last attempt never finished (the worker stopped or its lease ran out)'`,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inArray(
            jobs.id,
            found.map((row) => row.id),
          ),
          abandoned,
        ),
      );
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
    await this.db
      .update(jobs)
      .set({
        status: 'done',
        lockedUntil: null,
        result: asResult(result),
        lastError: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(this.fence(job.id, held.lease));
  }

  /**
   * Schedules the next attempt with back-off from the attempts counted so far, or fails the job
   * when it was its last attempt or the error is permanent (decided in SQL on the row).
   */
  private async recordFailure(job: Claimed, held: Held, error: unknown) {
    const permanent = error instanceof PermanentJobError;
    const givesUp = sql`(${permanent} OR ${jobs.attempts} >= ${jobs.maxAttempts})`;
    const last = permanent || job.attempts >= job.maxAttempts;
    this.log[last ? 'error' : 'warn'](
      { err: error, jobId: job.id, jobKind: job.kind, attempt: job.attempts, permanent },
      last ? 'job failed for good' : 'job failed; it will be retried',
    );
    await this.db
      .update(jobs)
      .set({
        status: sql`CASE WHEN ${givesUp} THEN 'failed' ELSE 'pending' END`,
        lockedUntil: null,
        lastError: describeError(error),
        nextAttemptAt: sql`CASE WHEN ${givesUp} THEN now() ELSE now() + ${backoffInterval(jobs.attempts)} END`,
        finishedAt: sql`CASE WHEN ${givesUp} THEN now() END`,
        updatedAt: sql`now()`,
      })
      .where(this.fence(job.id, held.lease));
  }
}
