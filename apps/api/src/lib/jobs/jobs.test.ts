import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { getTestDatabase } from '../../../test/helpers/db';
import { unique } from '../../../test/helpers/factories';
import { LocalStorage } from '../storage';
import { enqueueJob } from './enqueue';
import {
  BACKOFF_BASE_S,
  backoffSeconds,
  JobWorker,
  PermanentJobError,
  repeatKey,
  type JobContext,
  type JobDefinition,
  type JobWorkerOptions,
} from './worker';

const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'jobs-test-')));
const silent = pino({ level: 'silent' });
const workers: JobWorker[] = [];
let database: Database;

beforeAll(async () => {
  database = (await getTestDatabase()).db;
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

async function db() {
  return Promise.resolve(database);
}

type Payload = { n: number };
type Run = (context: JobContext<Payload>) => Promise<unknown>;

/** A kind of job of this test only: no other worker of the run knows it. */
function kindOf(run: Run): JobDefinition<Payload> {
  return { kind: unique('test.job'), payload: z.object({ n: z.number() }), run };
}

/** A worker that only runs when a test asks it (flush, wake), unless it is started. */
function workerOf(definitions: JobDefinition<Payload>[], options: Partial<JobWorkerOptions> = {}) {
  const worker = new JobWorker({ db: database, storage, log: silent, pollMs: 60_000, ...options });
  for (const definition of definitions) worker.register(definition);
  workers.push(worker);
  return worker;
}

async function enqueue(kind: string, n = 1, options: { key?: string; maxAttempts?: number } = {}) {
  return (await db()).transaction((tx) => enqueueJob(tx, { kind, payload: { n }, ...options }));
}

async function jobRow(id: number) {
  const [row] = await (await db()).select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Makes a job waiting for a retry due now, as if its back-off had passed. */
async function makeDue(id: number) {
  await (
    await db()
  )
    .update(jobs)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** Seconds between a job's last update and its next attempt (its back-off, or its lease). */
async function scheduledDelay(id: number): Promise<number> {
  const [row] = await (
    await db()
  )
    .select({
      delay: sql<number>`extract(epoch from (${jobs.nextAttemptAt} - ${jobs.updatedAt}))::float8`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return Number(row?.delay);
}

/** Waits until a condition on the job holds (or fails after a few seconds). */
async function waitForJob(id: number, holds: (row: typeof jobs.$inferSelect) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const row = await jobRow(id);
    if (holds(row)) return row;
    if (Date.now() > deadline)
      throw new Error(`job ${id} never reached the state: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A promise the test resolves when it wants (a job that takes as long as the test says). */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('job queue', () => {
  it('when a job is enqueued with runAt in the future, a flush leaves it waiting until that moment, then it runs', async () => {
    const seen: number[] = [];
    const kind = kindOf(async ({ payload }) => {
      seen.push(payload.n);
      return null;
    });
    const runAt = new Date(Date.now() + 3_600_000);
    const id = await (
      await db()
    ).transaction((tx) => enqueueJob(tx, { kind: kind.kind, payload: { n: 7 }, runAt }));
    const worker = workerOf([kind]);
    await worker.flush();
    expect(seen).toEqual([]);
    const waiting = await jobRow(id);
    expect(waiting.status).toBe('pending');
    expect(waiting.nextAttemptAt.getTime()).toBe(runAt.getTime());
    await makeDue(id);
    await worker.flush();
    expect(seen).toEqual([7]);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('when a job is enqueued in a transaction that rolls back, it does not exist; committed, it runs with its payload and keeps its result', async () => {
    const seen: number[] = [];
    const kind = kindOf(async ({ payload }) => {
      seen.push(payload.n);
      return { doubled: payload.n * 2 };
    });
    await expect(
      (await db()).transaction(async (tx) => {
        await enqueueJob(tx, { kind: kind.kind, payload: { n: 1 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const id = await enqueue(kind.kind, 21);
    await workerOf([kind]).flush();
    expect(seen).toEqual([21]);
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      result: { doubled: 42 },
      lastError: null,
      lockedUntil: null,
    });
    expect((await jobRow(id)).finishedAt).toBeInstanceOf(Date);
  });

  it('when a job is committed, a started worker runs it at once: the NOTIFY wakes it, not the poll', async () => {
    const kind = kindOf(async () => 'hecho');
    const worker = workerOf([kind]);
    await worker.start();
    const id = await enqueue(kind.kind);
    // The poll is a minute away: only the notification can wake the worker in time.
    const row = await waitForJob(id, (r) => r.status === 'done');
    expect(row.result).toBe('hecho');
  });

  it('when the same key is enqueued again, the one job is replaced: new payload, pending, attempts 0', async () => {
    const seen: number[] = [];
    const kind = kindOf(async ({ payload }) => void seen.push(payload.n));
    const key = unique('clave');
    const first = await enqueue(kind.kind, 1, { key });
    const worker = workerOf([kind]);
    await worker.flush();
    expect(await jobRow(first)).toMatchObject({ status: 'done', attempts: 1 });
    const second = await enqueue(kind.kind, 2, { key });
    expect(second).toBe(first);
    expect(await jobRow(first)).toMatchObject({
      status: 'pending',
      attempts: 0,
      payload: { n: 2 },
      finishedAt: null,
      result: null,
    });
    await worker.flush();
    expect(seen).toEqual([1, 2]);
  });

  it('when a job fails, it is retried after 15 s, then 30 s, and done once it succeeds', async () => {
    let failures = 2;
    const kind = kindOf(async () => {
      if (failures-- > 0) throw new Error('almacenamiento caído');
      return 'por fin';
    });
    const worker = workerOf([kind]);
    const id = await enqueue(kind.kind);
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect((await jobRow(id)).lastError).toContain('almacenamiento caído');
    expect(await scheduledDelay(id)).toBe(BACKOFF_BASE_S);

    // Not due yet: a flush leaves it waiting.
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1 });

    await makeDue(id);
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await scheduledDelay(id)).toBe(2 * BACKOFF_BASE_S);

    await makeDue(id);
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 3,
      result: 'por fin',
      lastError: null,
    });
    expect(backoffSeconds(30)).toBe(3_600);
  });

  it('when the last allowed attempt fails, the job is failed and kept with its error, and never runs again', async () => {
    let runs = 0;
    const kind = kindOf(async () => {
      runs += 1;
      throw new Error(`fallo ${runs}`);
    });
    const worker = workerOf([kind]);
    const id = await enqueue(kind.kind, 1, { maxAttempts: 2 });
    await worker.flush();
    await makeDue(id);
    await worker.flush();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lockedUntil: null });
    expect(row.lastError).toContain('fallo 2');
    expect(row.finishedAt).toBeInstanceOf(Date);
    await makeDue(id);
    await worker.flush();
    expect(runs).toBe(2);
  });

  it('when a handler says retrying cannot help, or the payload is not its kind, the job is failed at once', async () => {
    const permanent = kindOf(async () => {
      throw new PermanentJobError('el trabajo ya no existe');
    });
    const strict = kindOf(async () => 'nunca');
    const worker = workerOf([permanent, strict]);
    const a = await enqueue(permanent.kind);
    const b = await (
      await db()
    ).transaction((tx) => enqueueJob(tx, { kind: strict.kind, payload: { n: 'no es un número' } }));
    await worker.flush();
    expect(await jobRow(a)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await jobRow(b)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobRow(b)).lastError).toContain('Invalid payload');
  });

  it('when a worker dies mid-job, another one takes the job once the lease runs out, and the dead one changes nothing afterwards', async () => {
    const hung = gate();
    const started = gate();
    const kind = kindOf(async () => {
      started.open();
      await hung.opened;
      return 'del trabajador caído';
    });
    const dying = workerOf([kind]);
    const id = await enqueue(kind.kind);
    dying.wake();
    await started.opened;
    const claimed = await jobRow(id);
    expect(claimed.lockedUntil).toBeInstanceOf(Date);
    expect(claimed.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 200_000);

    // Another worker leaves a held job alone...
    const survivor = workerOf([{ ...kind, run: async () => 'del superviviente' }]);
    await expect(survivor.flush({ timeoutMs: 200 })).rejects.toThrow(/still due or running/);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1 });

    // ...until its lease runs out (the process died: nobody renews it).
    await (
      await db()
    )
      .update(jobs)
      .set({
        lockedUntil: sql`now() - interval '1 second'`,
        nextAttemptAt: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, id));
    await survivor.flush();
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: 'del superviviente',
    });

    // The first worker comes back to life: its outcome is fenced off by the lease it lost.
    hung.open();
    await dying.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'done', result: 'del superviviente' });
  });

  it('when the last attempt never finished (its lease ran out), the job is failed instead of run again', async () => {
    const kind = kindOf(async () => 'no debería');
    const id = await enqueue(kind.kind, 1, { maxAttempts: 1 });
    // A worker claimed it (the attempt counted) and died.
    await (
      await db()
    )
      .update(jobs)
      .set({
        attempts: 1,
        lockedUntil: sql`now() - interval '1 second'`,
        nextAttemptAt: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, id));
    await workerOf([kind]).flush();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, result: null });
    expect(row.lastError).toContain('never finished');
  });

  it('when a job reports progress, it is visible while the job runs, and each report renews the lease', async () => {
    const step = gate();
    const reported = gate();
    const kind = kindOf(async ({ progress }) => {
      await progress(1, 3);
      reported.open();
      await step.opened;
      await progress(3);
      return 'listo';
    });
    const worker = workerOf([kind], { leaseSeconds: 60 });
    const id = await enqueue(kind.kind);
    worker.wake();
    await reported.opened;
    const running = await jobRow(id);
    expect(running).toMatchObject({ status: 'pending', progressDone: 1, progressTotal: 3 });
    expect(await scheduledDelay(id)).toBeGreaterThan(59);
    step.open();
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      progressDone: 3,
      progressTotal: 3,
    });
  });

  it('when a job is enqueued again while it runs, the running attempt records nothing and the new request runs', async () => {
    const key = unique('clave');
    const first = gate();
    const started = gate();
    const seen: number[] = [];
    const kind = kindOf(async ({ payload }) => {
      seen.push(payload.n);
      if (payload.n === 1) {
        started.open();
        await first.opened;
      }
      return payload.n;
    });
    const worker = workerOf([kind]);
    const id = await enqueue(kind.kind, 1, { key });
    worker.wake();
    await started.opened;
    await enqueue(kind.kind, 2, { key });
    first.open();
    await worker.flush();
    expect(seen).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', result: 2, attempts: 1 });
  });

  it('when two workers share the queue, each job runs exactly once', async () => {
    const runs = new Map<number, number>();
    const kind = kindOf(async ({ payload }) => {
      runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
      // Long enough for the other worker to try the same rows meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const one = workerOf([kind], { concurrency: 3 });
    const two = workerOf([kind], { concurrency: 3 });
    await (
      await db()
    ).transaction(async (tx) => {
      for (let n = 0; n < 40; n += 1) await enqueueJob(tx, { kind: kind.kind, payload: { n } });
    });
    await Promise.all([one.flush(), two.flush()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await (await db()).select().from(jobs).where(eq(jobs.kind, kind.kind));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('when the worker stops while a job runs, it waits a grace period, aborts it and hands it back uncounted', async () => {
    const started = gate();
    let aborted = false;
    const kind = kindOf(
      ({ signal }) =>
        new Promise((resolve) => {
          started.open();
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve('interrumpido');
          });
        }),
    );
    const worker = workerOf([kind], { stopGraceMs: 50 });
    const id = await enqueue(kind.kind);
    worker.wake();
    await started.opened;
    await worker.stop();
    expect(aborted).toBe(true);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // Another process takes it at once.
    await workerOf([{ ...kind, run: async () => 'retomado' }]).flush();
    expect(await jobRow(id)).toMatchObject({ status: 'done', result: 'retomado' });
  });

  it('when a job is of a kind the worker does not run, the worker leaves it alone', async () => {
    const other = kindOf(async () => 'otro');
    const id = await enqueue(other.kind);
    await workerOf([kindOf(async () => 'mío')]).flush();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await workerOf([other]).flush();
    expect(await jobRow(id)).toMatchObject({ status: 'done' });
  });
});

/** A table of this file only, where `onFailure` handlers write what they put right. */
async function repairsTable() {
  await (
    await db()
  ).execute(
    sql`CREATE TABLE IF NOT EXISTS "job_test_repairs" ("job_kind" text NOT NULL, "note" text NOT NULL)`,
  );
}

async function repairsOf(kind: string): Promise<string[]> {
  const rows = await executeRows(
    await db(),
    sql`SELECT "note" FROM "job_test_repairs" WHERE "job_kind" = ${kind}`,
  );
  return rows.map((row) => String(row.note));
}

describe('job queue: when a job fails for good (ADR 0042)', () => {
  beforeAll(repairsTable);

  it('onFailure runs once, after the last attempt only, in the transaction that marks the job failed', async () => {
    const seenInside: string[] = [];
    const kind: JobDefinition<Payload> = {
      ...kindOf(async () => {
        throw new Error('siempre falla');
      }),
      async onFailure({ tx, job, payload, error }) {
        // The job's failure is already written in this transaction when the handler runs.
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
        seenInside.push(`${row!.status} ${payload.n} ${error}`);
        await tx.execute(
          sql`INSERT INTO "job_test_repairs" VALUES (${job.kind}, ${`arreglado ${payload.n}`})`,
        );
      },
    };
    const worker = workerOf([kind]);
    const id = await enqueue(kind.kind, 7, { maxAttempts: 2 });
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await repairsOf(kind.kind)).toEqual([]);
    await makeDue(id);
    await worker.flush();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(seenInside).toEqual(['failed 7 Error: siempre falla']);
    expect(await repairsOf(kind.kind)).toEqual(['arreglado 7']);
  });

  it('onFailure runs when the error is permanent, and when the last attempt never finished', async () => {
    const calls: string[] = [];
    const permanent: JobDefinition<Payload> = {
      ...kindOf(async () => {
        throw new PermanentJobError('no tiene arreglo');
      }),
      onFailure: async ({ payload }) => void calls.push(`permanente ${payload.n}`),
    };
    const abandoned: JobDefinition<Payload> = {
      ...kindOf(async () => 'no debería'),
      onFailure: async ({ payload }) => void calls.push(`abandonado ${payload.n}`),
    };
    const a = await enqueue(permanent.kind, 1);
    const b = await enqueue(abandoned.kind, 2, { maxAttempts: 1 });
    await (
      await db()
    )
      .update(jobs)
      .set({
        attempts: 1,
        lockedUntil: sql`now() - interval '1 second'`,
        nextAttemptAt: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, b));
    await workerOf([permanent, abandoned]).flush();
    expect(await jobRow(a)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await jobRow(b)).toMatchObject({ status: 'failed' });
    expect(calls.sort()).toEqual(['abandonado 2', 'permanente 1']);
  });

  it('when onFailure throws, what it wrote is undone and the job is still failed', async () => {
    const kind: JobDefinition<Payload> = {
      ...kindOf(async () => {
        throw new Error('fallo del trabajo');
      }),
      async onFailure({ tx, job }) {
        await tx.execute(sql`INSERT INTO "job_test_repairs" VALUES (${job.kind}, 'a medias')`);
        throw new Error('fallo del arreglo');
      },
    };
    const id = await enqueue(kind.kind, 1, { maxAttempts: 1 });
    await workerOf([kind]).flush();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', lockedUntil: null });
    expect(row.lastError).toContain('fallo del trabajo');
    expect(await repairsOf(kind.kind)).toEqual([]);
  });

  it('when the job was enqueued again while its last attempt ran, it has not failed: onFailure is not called', async () => {
    const key = unique('clave');
    const started = gate();
    const release = gate();
    const calls: number[] = [];
    const kind: JobDefinition<Payload> = {
      ...kindOf(async ({ payload }) => {
        if (payload.n === 1) {
          started.open();
          await release.opened;
          throw new Error('la petición vieja falla');
        }
        return 'la nueva';
      }),
      onFailure: async ({ payload }) => void calls.push(payload.n),
    };
    const worker = workerOf([kind]);
    const id = await enqueue(kind.kind, 1, { key, maxAttempts: 1 });
    worker.wake();
    await started.opened;
    await enqueue(kind.kind, 2, { key, maxAttempts: 1 });
    release.open();
    await worker.flush();
    expect(calls).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', result: 'la nueva' });
  });
});

describe('job queue: recurring jobs (ADR 0042)', () => {
  /** A recurring kind of this test only. */
  function recurring(run: Run, everySeconds = 3_600): JobDefinition<Payload> {
    return { ...kindOf(run), repeat: { everySeconds, payload: { n: 0 } } };
  }

  async function rowsOf(kind: string) {
    return (await db()).select().from(jobs).where(eq(jobs.kind, kind));
  }

  it('when workers start, the kind has exactly one row, due at once; a run makes it due again a period later, with its result', async () => {
    let runs = 0;
    const kind = recurring(async () => ({ run: ++runs }), 3_600);
    // Three processes start (two at the same time): still one row.
    await Promise.all([workerOf([kind]).start(), workerOf([kind]).start()]);
    const worker = workerOf([kind]);
    await worker.start();
    const [row, ...others] = await rowsOf(kind.kind);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ key: repeatKey(kind.kind), payload: { n: 0 } });
    await waitForJob(row!.id, (r) => r.result !== null);
    await worker.flush();
    const after = await jobRow(row!.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, result: { run: 1 } });
    expect(after.finishedAt).toBeInstanceOf(Date);
    expect(await scheduledDelay(row!.id)).toBeCloseTo(3_600, 0);
    expect(runs).toBe(1);

    // Another process starting later neither runs it again nor moves it.
    await workerOf([kind]).start();
    await worker.flush();
    expect(runs).toBe(1);
    expect(await scheduledDelay(row!.id)).toBeCloseTo(3_600, 0);
    expect(await rowsOf(kind.kind)).toHaveLength(1);

    // Its period passed: it runs again.
    await makeDue(row!.id);
    await worker.flush();
    expect(runs).toBe(2);
    expect(await jobRow(row!.id)).toMatchObject({ status: 'pending', result: { run: 2 } });
  });

  it('when a recurring job fails for good, it is not failed: it is due again a period later, with its error', async () => {
    const kind = recurring(async () => {
      throw new PermanentJobError('la base de datos no responde');
    }, 600);
    const worker = workerOf([kind]);
    await worker.start();
    const [row] = await rowsOf(kind.kind);
    await waitForJob(row!.id, (r) => r.lastError !== null);
    await worker.flush();
    const after = await jobRow(row!.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(after.lastError).toContain('la base de datos no responde');
    expect(await scheduledDelay(row!.id)).toBeCloseTo(600, 0);
  });

  it('when a former version left the recurring row failed, a starting worker brings it back', async () => {
    const kind = recurring(async () => 'de vuelta');
    await (
      await db()
    )
      .insert(jobs)
      .values({ kind: kind.kind, key: repeatKey(kind.kind), payload: { n: 0 }, status: 'failed' });
    const worker = workerOf([kind]);
    await worker.start();
    await worker.flush();
    const [row] = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind.kind), eq(jobs.key, repeatKey(kind.kind))));
    expect(row).toMatchObject({ status: 'pending', result: 'de vuelta' });
  });
});
