import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../test/helpers/db';
import { freePrimaryKey } from './profiles.service';

/** Rolls back whatever `fn` wrote: the worker's database is shared by every file. */
class Undo extends Error {}
async function thenUndo(
  fn: Parameters<Awaited<ReturnType<typeof getTestDatabase>>['db']['transaction']>[0],
) {
  const { db } = await getTestDatabase();
  await db.transaction(fn).catch((error: unknown) => {
    if (!(error instanceof Undo)) throw error;
  });
}

/** The teachers' keys in use (teachers: no test file fills their four-digit space). */
const taken = async (tx: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) =>
  new Set(
    (
      (await tx.execute(sql`SELECT primary_key FROM teachers`)) as {
        rows: { primary_key: string }[];
      }
    ).rows.map((row) => row.primary_key),
  );

/** The four-digit teacher keys nobody has, lowest first. */
const freeFourDigitKeys = (used: Set<string>) =>
  Array.from({ length: 10_000 }, (_, n) => `P${String(n).padStart(4, '0')}`).filter(
    (key) => !used.has(key),
  );

describe("a new teacher's primaryKey (spec §9)", () => {
  it('is P and four digits, free, and drawn at random', async () => {
    await thenUndo(async (tx) => {
      const before = await taken(tx);
      expect(freeFourDigitKeys(before).length).toBeGreaterThan(1_000);
      const keys = new Set<string>();
      for (let i = 0; i < 20; i += 1) keys.add(await freePrimaryKey(tx, 'teacher'));
      for (const key of keys) {
        expect(key).toMatch(/^P\d{4}$/);
        expect(before.has(key)).toBe(false);
      }
      // Twenty draws from thousands of free keys: the same one twice is rare, all alike never.
      expect(keys.size).toBeGreaterThan(15);
      throw new Undo();
    });
  });

  it('when all but a few four-digit keys are taken, it finds one of those few', async () => {
    await thenUndo(async (tx) => {
      // Three keys nobody has: these stay free.
      const free = freeFourDigitKeys(await taken(tx)).filter((_, i, all) =>
        [0, Math.floor(all.length / 2), all.length - 1].includes(i),
      );
      expect(free).toHaveLength(3);
      const stamp = Date.now().toString(36);
      // Every four-digit key but those three, each with its account.
      await tx.execute(sql`
        WITH keys AS (
          SELECT 'P' || lpad(n::text, 4, '0') AS key FROM generate_series(0, 9999) n
          WHERE 'P' || lpad(n::text, 4, '0') <> ALL(${sql.param(free)}::text[])
            AND NOT EXISTS (SELECT 1 FROM teachers t WHERE t.primary_key = 'P' || lpad(n::text, 4, '0'))
        ), accounts AS (
          INSERT INTO up_users (username, email, confirmed, profile_type)
          SELECT 'clave-' || ${stamp} || '-' || key, 'clave-' || ${stamp} || '-' || key || '@example.com', true, 'teacher'
          FROM keys RETURNING id, username
        )
        INSERT INTO teachers (primary_key, user_id)
        SELECT substring(username FROM '(P[0-9]{4})$'), id FROM accounts`);
      for (let i = 0; i < 5; i += 1) {
        expect(free).toContain(await freePrimaryKey(tx, 'teacher'));
      }
      throw new Undo();
    });
  });
});
