import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './handles';

export type Row = { id: number } & Record<string, unknown>;

const dialect = new PgDialect();

/**
 * Shapes of statement seen lately, and those prepared on the server. The engine's statements for
 * one route and query shape are identical text, so a named (prepared) statement lets PostgreSQL
 * skip parsing and planning them: a few milliseconds for a populated list. Only shapes seen twice
 * are prepared, at most 300 per process, so a client inventing queries cannot fill the
 * server's memory; pool connections are recycled (see client.ts maxUses), which frees them.
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly prepared = new Map<string, string>();

  constructor(
    private readonly maxTracked = 2_000,
    readonly maxPrepared = 300,
  ) {}

  /** The name to prepare this statement under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.prepared.get(text);
    if (name) return name;
    const count = (this.seen.get(text) ?? 0) + 1;
    this.seen.delete(text);
    this.seen.set(text, count);
    if (this.seen.size > this.maxTracked) this.seen.delete(this.seen.keys().next().value as string);
    if (count < 2 || this.prepared.size >= this.maxPrepared) return undefined;
    const hashed = `s_${createHash('sha1').update(text).digest('base64url')}`;
    this.prepared.set(text, hashed);
    return hashed;
  }
}

const names = new StatementNames();

/**
 * Per pool, its companion whose sessions plan every prepared statement once, generically
 * (`plan_cache_mode = force_generic_plan`). For statements written so that their parameters
 * never change the best plan (the library search, ADR 0043), PostgreSQL would otherwise plan
 * them again on each of their first five runs per connection, for about ten milliseconds.
 */
const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

export function setGenericPlanPool(pool: pg.Pool, generic: pg.Pool): void {
  genericPlanPools.set(pool, generic);
}

/** The generic-plan companion of a pool, if it has one (its use is reported by GET /metrics). */
export function genericPlanPoolOf(pool: pg.Pool): pg.Pool | undefined {
  return genericPlanPools.get(pool);
}

/** The text and parameters of the statements callers keep and run again (`keptStatement`). */
const keptTexts = new WeakMap<SQL, { sql: string; params: unknown[] }>();

/**
 * A statement its caller keeps and runs again (the engine's compiled lists), as a compact copy
 * whose text is built once: a compiled list's tree of chunks holds tens of kilobytes, its text a
 * few, and building the text on every run cost the API more than the rest of a request for a
 * page of 25 projects (docs/performance.md, ADR 0059). The copy is its text cut at the
 * parameters; when it would not give back the same text, the statement itself is kept.
 */
export function keptStatement(query: SQL): SQL {
  const built = dialect.sqlToQuery(query);
  const parts = built.sql.split(/\$(\d+)/);
  const compact = sql.join(
    parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql.param(built.params[Number(part) - 1]),
    ),
  );
  const again = dialect.sqlToQuery(compact);
  const kept =
    again.sql === built.sql &&
    again.params.length === built.params.length &&
    again.params.every((param, i) => param === built.params[i])
      ? compact
      : query;
  keptTexts.set(kept, built);
  return kept;
}

export interface ExecuteOptions {
  /** Plan the statement once for any parameters (see genericPlanPools). */
  plan?: 'generic';
  /**
   * Parameters replaced at this run: a kept statement built once with placeholder values (each
   * key) runs with the values of the moment, without building its text again.
   */
  substitute?: ReadonlyMap<unknown, unknown>;
}

/** The parameters of a run, placeholders replaced (ExecuteOptions.substitute). */
function runParams(params: unknown[], substitute: ReadonlyMap<unknown, unknown> | undefined) {
  return substitute
    ? params.map((param) => (substitute.has(param) ? substitute.get(param) : param))
    : params;
}

/**
 * Runs a statement and answers its rows. On PostgreSQL through the pool (not inside a transaction),
 * frequent statements run as named prepared statements; otherwise through Drizzle.
 */
export async function executeRows(
  db: Executor,
  query: SQL,
  options: ExecuteOptions = {},
): Promise<Row[]> {
  const pool = (db as { $client?: unknown }).$client;
  // Inside a transaction the statement must use the transaction's connection, never the pool.
  if (pool instanceof pg.Pool && !(db instanceof PgTransaction)) {
    const client = (options.plan === 'generic' && genericPlanPools.get(pool)) || pool;
    const built = keptTexts.get(query) ?? dialect.sqlToQuery(query);
    const text = built.sql;
    const values = runParams(built.params, options.substitute);
    const name = names.nameFor(text);
    const result = await client.query<Row>(name ? { name, text, values } : { text, values });
    return result.rows;
  }
  let statement = query;
  if (options.substitute) {
    const built = keptTexts.get(query) ?? dialect.sqlToQuery(query);
    const values = runParams(built.params, options.substitute);
    statement = sql.join(
      built.sql
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
    );
  }
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

/**
 * Inserts many rows with one parameter: the rows as JSON, read by `jsonb_populate_recordset`
 * into the table's own row type. Building a multi-row `INSERT ... VALUES` costs the query builder
 * work per value (hundreds of rows of a dozen columns: most of a batch's time in a people import);
 * this costs one `JSON.stringify`. Every row must set the same columns (a key left out would be
 * NULL rather than the column's default, so different keys are refused).
 * Dates become ISO strings and objects JSON, as their columns read them. Answers the `returning`
 * columns (database names) of each row inserted, in order.
 */
export async function insertJsonRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  returning: readonly (keyof T['$inferSelect'] & string)[] = [],
): Promise<Row[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter(
    (key) => (first as Record<string, unknown>)[key] !== undefined,
  );
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const records = rows.map((row) => {
    const defined = Object.keys(row).filter(
      (key) => (row as Record<string, unknown>)[key] !== undefined,
    );
    if (defined.length !== keys.length || defined.some((key) => !keys.includes(key))) {
      // A missing key would be NULL, not the column's default: rows must set the same columns.
      throw new Error(`insertJsonRows: rows of ${getTableName(table)} set different columns`);
    }
    const record: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      record[names[i]!] = (row as Record<string, unknown>)[key] ?? null;
    });
    return record;
  });
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const back = returning.map((key) => sql.identifier(columns[key]!.name));
  return executeRows(
    db,
    sql`INSERT INTO ${table} (${list})
      SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(records)}::jsonb)
      ${back.length > 0 ? sql`RETURNING ${sql.join(back, sql`, `)}` : sql``}`,
  );
}

/**
 * Deletes rows a batch at a time, so a large backlog never holds a long lock: `deleteBatch(limit)`
 * is one `DELETE … WHERE key IN (SELECT key … LIMIT limit)` (its `RETURNING` unread), run again
 * until a batch comes back short. `onBatch` hears the rows deleted so far after each full batch
 * (a job's progress, which renews its lease). Answers how many were deleted.
 */
export async function deleteInBatches(
  db: Executor,
  deleteBatch: (limit: number) => SQL,
  {
    batchSize = 5_000,
    onBatch,
  }: { batchSize?: number; onBatch?: (deleted: number) => Promise<void> } = {},
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await executeRows(
      db,
      sql`WITH "gone" AS (${deleteBatch(batchSize)} RETURNING 1)
          SELECT 0 AS "id", count(*)::int AS "count" FROM "gone"`,
    );
    const batch = Number(row?.count ?? 0);
    deleted += batch;
    if (batch < batchSize) return deleted;
    await onBatch?.(deleted);
  }
}
