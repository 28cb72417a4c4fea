import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, onPostgres } from '../../test/helpers/db';
import { toAppError } from '../plugins/error-handler';
import type { Database } from './client';
import { DEFAULT_TRANSACTION_ATTEMPTS, retryingTransaction } from './transaction';

/** The error PostgreSQL raises in the transaction it ends to break a deadlock. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

let db: Database;
const table = `retry_probe_${process.pid}`;
const probe = sql.raw(`"${table}"`);

beforeAll(async () => {
  ({ db } = await getTestDatabase());
  await db.execute(sql`CREATE TABLE IF NOT EXISTS ${probe} (id int PRIMARY KEY, v int NOT NULL)`);
});

afterAll(async () => {
  await db.execute(sql`DROP TABLE IF EXISTS ${probe}`);
});

async function reset() {
  await db.execute(sql`DELETE FROM ${probe}`);
  await db.execute(sql`INSERT INTO ${probe} (id, v) VALUES (1, 0), (2, 0)`);
}

async function values(): Promise<number[]> {
  const result: unknown = await db.execute(sql`SELECT v FROM ${probe} ORDER BY id`);
  return (result as { rows: { v: number }[] }).rows.map((r) => Number(r.v));
}

describe('writes that lose a race are run again (ADR 0053)', () => {
  it('when a run ends in a deadlock, it is run again in a new transaction and only the last run is kept', async () => {
    await reset();
    let runs = 0;
    const retried: unknown[] = [];
    const answer = await retryingTransaction(
      db,
      async (tx) => {
        runs++;
        await tx.execute(sql`UPDATE ${probe} SET v = v + 1 WHERE id = 1`);
        if (runs < 3) throw deadlock();
        return 'hecho';
      },
      { baseDelayMs: 1, onRetry: (error) => retried.push(error) },
    );
    expect(answer).toBe('hecho');
    expect(runs).toBe(3);
    expect(retried).toHaveLength(2);
    // The two lost runs were rolled back: one increment only.
    expect(await values()).toEqual([1, 0]);
  });

  it('when every run loses, it stops after a bounded number and the client is answered 503, not 500', async () => {
    let runs = 0;
    const failure = await retryingTransaction(
      db,
      async () => {
        runs++;
        throw deadlock();
      },
      { baseDelayMs: 1 },
    ).catch((error: unknown) => error);
    expect(runs).toBe(DEFAULT_TRANSACTION_ATTEMPTS);
    expect(toAppError(failure)).toMatchObject({
      status: 503,
      strapiName: 'ServiceUnavailableError',
    });
  });

  it('when a run fails for another reason, it is not run again', async () => {
    let runs = 0;
    await expect(
      retryingTransaction(db, async () => {
        runs++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });

  it.runIf(onPostgres)(
    'when two transactions lock rows in opposite order on PostgreSQL, the one PostgreSQL ends is run again and both writes are kept',
    async () => {
      await reset();
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        // The other transaction holds row 1.
        await other.query('BEGIN');
        await other.query(`UPDATE "${table}" SET v = v + 10 WHERE id = 1`);

        let runs = 0;
        const codes: unknown[] = [];
        let holdsRow2!: () => void;
        const row2Held = new Promise<void>((resolve) => (holdsRow2 = resolve));
        const ours = retryingTransaction(
          db,
          async (tx) => {
            runs++;
            await tx.execute(sql`UPDATE ${probe} SET v = v + 1 WHERE id = 2`);
            if (runs === 1) holdsRow2();
            // Waits for row 1 first, so its deadlock check runs first and it is the one ended.
            await tx.execute(sql`UPDATE ${probe} SET v = v + 1 WHERE id = 1`);
          },
          {
            onRetry: (error) =>
              codes.push((error as { cause?: { code?: unknown } }).cause?.code ?? error),
          },
        );
        await row2Held;
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Now the other one wants row 2: a deadlock, which PostgreSQL breaks by ending ours.
        await other.query(`UPDATE "${table}" SET v = v + 10 WHERE id = 2`);
        await other.query('COMMIT');
        await ours;

        expect(codes).toEqual(['40P01']);
        expect(runs).toBe(2);
        expect(await values()).toEqual([11, 11]);
      } finally {
        await other.query('ROLLBACK').catch(() => undefined);
        other.release();
      }
    },
  );
});
