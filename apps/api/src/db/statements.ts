import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

export type Executor = Pick<Database, 'execute'>;
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
 * Runs a statement and answers its rows. On PostgreSQL through the pool (not inside a transaction),
 * frequent statements run as named prepared statements; otherwise through Drizzle.
 */
export async function executeRows(db: Executor, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  // Inside a transaction the statement must use the transaction's connection, never the pool.
  if (client instanceof pg.Pool && !(db instanceof PgTransaction)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = names.nameFor(text);
    const result = await client.query<Row>(
      name ? { name, text, values: params } : { text, values: params },
    );
    return result.rows;
  }
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
