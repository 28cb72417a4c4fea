import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { isConnectionFailure } from './failures';

/**
 * The embedded database in its own thread (ADR 0058), as the server, the seed and migrations
 * open it on disk: it must answer as PGlite in the caller's thread did (values, errors,
 * transactions, notifications), while leaving the caller's event loop free.
 */

const notes = pgTable('thread_notes', {
  id: integer('id').primaryKey(),
  title: text('title').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
});

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  handle = await openDatabase({ pgliteDir: join(dir, 'pgdata') });
  await handle.db.execute(
    sql`CREATE TABLE thread_notes (id int PRIMARY KEY, title text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now())`,
  );
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () =>
  Number(
    (
      (await handle.db.execute(sql`SELECT count(*)::int AS n FROM thread_notes`)) as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

describe('the embedded database in its own thread', () => {
  it('answers values as PGlite in the same thread did: bigints and numerics as numbers, dates and timestamps as text', async () => {
    const result = (await handle.db.execute(
      sql`SELECT 9007199254740991::int8 AS big, 1.25::numeric AS amount,
          DATE '2026-03-01' AS day, TIMESTAMPTZ '2026-03-01 10:00+00' AS at,
          '{"a":[1,2]}'::jsonb AS doc, ARRAY[1,2]::int[] AS list, NULL::text AS nothing`,
    )) as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([
      {
        big: 9007199254740991,
        amount: 1.25,
        day: '2026-03-01',
        at: '2026-03-01 10:00:00+00',
        doc: { a: [1, 2] },
        list: [1, 2],
        nothing: null,
      },
    ]);
    await handle.db
      .insert(notes)
      .values({ id: 1, title: 'Primera', createdAt: '2026-03-01T10:00:00Z' });
    const [row] = await handle.db.select().from(notes).where(eq(notes.id, 1));
    expect(row).toEqual({ id: 1, title: 'Primera', createdAt: '2026-03-01 10:00:00+00' });
  });

  it("when a statement breaks a rule, the error carries PostgreSQL's fields (code, constraint) across the thread", async () => {
    const failure = await handle.db
      .insert(notes)
      .values({ id: 2, title: 'Primera', createdAt: '2026-03-02T10:00:00Z' })
      .catch((error: unknown) => error);
    const cause = (failure as { cause?: { code?: string; constraint?: string; message?: string } })
      .cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_notes_title_key' });
    expect(cause?.message).toMatch(/duplicate key/);
  });

  it('commits a transaction that returns, rolls back one that throws, and a failed savepoint leaves the rest of its transaction', async () => {
    const before = await count();
    await handle.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 10, title: 'Diez', createdAt: '2026-03-01T10:00:00Z' });
      await tx
        .transaction(async (inner) => {
          await inner
            .insert(notes)
            .values({ id: 11, title: 'Once', createdAt: '2026-03-01T10:00:00Z' });
          throw new Error('el paso interior falla');
        })
        .catch(() => undefined);
    });
    expect(await count()).toBe(before + 1);

    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 12, title: 'Doce', createdAt: '2026-03-01T10:00:00Z' });
        throw new Error('falla');
      }),
    ).rejects.toThrow('falla');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx
          .insert(notes)
          .values({ id: 13, title: 'Trece', createdAt: '2026-03-01T10:00:00Z' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before + 1);
    const ids = await handle.db.select({ id: notes.id }).from(notes).orderBy(notes.id);
    expect(ids.map((r) => r.id)).toEqual([1, 10]);
  });

  it('a statement from outside an open transaction waits for its end, as in one PGlite session', async () => {
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 20, title: 'Veinte', createdAt: '2026-03-01T10:00:00Z' });
      outside = count().then((n) => {
        order.push('outside');
        return n;
      });
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`SELECT 1`);
      order.push('transaction');
    });
    const seen = await outside;
    expect(order).toEqual(['transaction', 'outside']);
    expect(seen).toBe(3);
  });

  it('a long statement leaves the caller’s event loop free: a timer set after it runs before it ends', async () => {
    const order: string[] = [];
    const statement = handle.db
      .execute(sql`SELECT pg_sleep(1)`)
      .then(() => order.push('statement'));
    // In the caller's thread, the statement would hold the loop: the timer could only run after.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 0),
    );
    await statement;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('a notification reaches its listener before the statement that sent it is answered', async () => {
    const heard: string[] = [];
    const unlisten = await (
      handle.db as unknown as {
        $client: { listen(c: string, f: (p: string) => void): Promise<() => Promise<void>> };
      }
    ).$client.listen('thread_probe', (payload) => heard.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('thread_probe', 'en la transacción')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['en la transacción']);
    await unlisten();
    await handle.db.execute(sql`SELECT pg_notify('thread_probe', 'ya sin oyente')`);
    expect(heard).toEqual(['en la transacción']);
  });

  it('what was committed is there when the folder is opened again, and a closed database answers as a lost connection', async () => {
    const before = await count();
    const db = handle.db;
    await handle.close();
    const failure = await db.execute(sql`SELECT 1`).catch((error: unknown) => error);
    expect(isConnectionFailure(failure)).toBe(true);
    handle = await openDatabase({ pgliteDir: join(dir, 'pgdata') });
    expect(await count()).toBe(before);
  }, 60_000);
});
