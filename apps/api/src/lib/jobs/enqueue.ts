import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/handles';
import { jobs } from '../../db/schema';

/**
 * Channel on which an enqueued job announces itself (its kind is the payload). PostgreSQL delivers
 * a NOTIFY only when its transaction commits, so listening workers wake up exactly when the job
 * becomes visible to them.
 */
export const JOBS_QUEUED_CHANNEL = 'jobs_queued';

/** Attempts a job gets unless it says otherwise (the column's default). */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface JobToEnqueue {
  /** Which handler runs it (`tfx.extract-text`, ...). */
  kind: string;
  /**
   * At most one job per key: enqueueing the same key again replaces the job (new payload, back to
   * pending, attempts 0, due now), so only the latest request of a thing is done.
   */
  key?: string | undefined;
  payload: Record<string, unknown>;
  maxAttempts?: number | undefined;
  /**
   * Not before this moment (a scheduled send, ADR 0045): the job waits in the queue, due at
   * `runAt`, like a retry waits for its back-off. Now when not given.
   */
  runAt?: Date | undefined;
}

/**
 * Writes a job to the durable queue (ADR 0036, ADR 0037). Call it inside the transaction of the
 * change that needs the job: if the change rolls back, no job exists; once it commits, a worker
 * of any process takes it (woken by NOTIFY, or by its poll). Answers the job's id.
 */
export async function enqueueJob(db: Queryable, job: JobToEnqueue): Promise<number> {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const due = job.runAt ?? sql`now()`;
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      maxAttempts,
      nextAttemptAt: due,
    })
    // Rows without a key never conflict (NULLs are distinct in the unique index).
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        kind: job.kind,
        payload: job.payload,
        status: 'pending',
        attempts: 0,
        maxAttempts,
        nextAttemptAt: due,
        // A worker still running the replaced request loses its lease: what it records afterwards
        // is ignored (worker.ts fences every outcome by the lease it was given).
        lockedUntil: null,
        progressDone: 0,
        progressTotal: null,
        result: null,
        lastError: null,
        finishedAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: jobs.id });
  await db.execute(sql`SELECT pg_notify(${JOBS_QUEUED_CHANNEL}, ${job.kind})`);
  return row!.id;
}
