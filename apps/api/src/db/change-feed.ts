import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';
import { executeRows } from './statements';
import type { Executor } from './handles';

/** Channel on which every committed write announces its table (see ensureChangeTriggers). */
export const CHANGES_CHANNEL = 'table_changes';

export interface ChangeListener {
  /** A statement changed this table (delivered after its transaction committed). */
  onChange(table: string): void;
  /** Changes may have been missed (the feed's connection dropped): forget everything derived. */
  onReset(): void;
}

export interface ChangeFeed {
  subscribe(listener: ChangeListener): void;
  /** False while the feed is reconnecting; derived data must not be trusted then. */
  readonly healthy: boolean;
  close(): Promise<void>;
}

/**
 * Tables written often that no cached answer reads: announcing their writes would only cost. A
 * route that starts caching answers read from one of them must take it off this list.
 */
const UNANNOUNCED_TABLES = [
  'rate_limit_hits',
  'email_outbox',
  'user_tokens',
  // The job queue and the visit keys: no answer reads them (ADR 0036).
  'jobs',
  'library_visits',
  // The answers kept for Idempotency-Key replays (ADR 0068): read only by the writes themselves.
  'idempotency_keys',
  // Single sign-on's requests in flight and assertions seen (ADR 0074): read only by sign-ins.
  'sso_requests',
  'sso_seen_assertions',
];
// A DO block takes no parameters: the list is written into it (constant names, no quotes inside).
const UNANNOUNCED_LIST = sql.raw(
  `ARRAY[${UNANNOUNCED_TABLES.map((t) => `'${t}'`).join(', ')}]::text[]`,
);

/** Transaction-local setting in which the change triggers list the tables a transaction wrote. */
const WRITTEN_TABLES_SETTING = 'app.written_tables';

/**
 * The tables the current transaction has written so far, whatever wrote them (the engine, a
 * lifecycle hook, raw SQL), as the change triggers recorded them; the tables of
 * UNANNOUNCED_TABLES are not listed. Read it inside the transaction, before it commits.
 */
export async function writtenTables(tx: Executor): Promise<string[]> {
  const [row] = await executeRows(
    tx,
    sql`SELECT 0 AS "id", current_setting(${WRITTEN_TABLES_SETTING}, true) AS "tables"`,
  );
  const tables = row?.tables;
  return typeof tables === 'string' ? tables.split(',').filter(Boolean) : [];
}

/**
 * Every table announces its writes on CHANGES_CHANNEL with a statement-level trigger, whoever writes
 * (the API, a seed, psql). Idempotent; runs after the migrations so new tables are covered too.
 */
export async function ensureChangeTriggers(db: Database): Promise<void> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE written text := coalesce(current_setting(${sql.raw(`'${WRITTEN_TABLES_SETTING}'`)}, true), '');
    BEGIN
      PERFORM pg_notify('table_changes', TG_TABLE_NAME);
      -- The tables this transaction wrote, for the process that writes (writtenTables below).
      IF position(',' || TG_TABLE_NAME || ',' IN ',' || written || ',') = 0 THEN
        PERFORM set_config(${sql.raw(`'${WRITTEN_TABLES_SETTING}'`)}, written || ',' || TG_TABLE_NAME, true);
      END IF;
      RETURN NULL;
    END
    $$`);
  await db.execute(sql`
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables
               WHERE schemaname = current_schema() AND NOT (tablename = ANY(${UNANNOUNCED_LIST})) LOOP
        EXECUTE format(
          'CREATE OR REPLACE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()',
          'zz_' || t || '_changes', t);
      END LOOP;
      -- A table that stopped being announced loses the trigger an earlier start gave it.
      FOR t IN SELECT tablename FROM pg_tables
               WHERE schemaname = current_schema() AND tablename = ANY(${UNANNOUNCED_LIST}) LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', 'zz_' || t || '_changes', t);
      END LOOP;
    END
    $$`);
}

class Listeners {
  private readonly list: ChangeListener[] = [];
  add(listener: ChangeListener) {
    this.list.push(listener);
  }
  change(table: string) {
    for (const l of this.list) l.onChange(table);
  }
  reset() {
    for (const l of this.list) l.onReset();
  }
}

/**
 * PGlite, in this thread or its own (ADR 0058): a notification arrives before the answer of the
 * statement that committed it, so a cache forgets a change before its writer is answered.
 */
export async function pgliteChangeFeed(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const unlisten = await client.listen(CHANGES_CHANNEL, (table) => listeners.change(table));
  return {
    subscribe: (listener) => listeners.add(listener),
    healthy: true,
    close: () => unlisten(),
  };
}

/**
 * PostgreSQL: a dedicated connection LISTENs. When it drops, listeners are reset (changes may be
 * lost meanwhile) and it reconnects with backoff; until then the feed reports unhealthy.
 */
export async function postgresChangeFeed(
  url: string,
  onError: (error: unknown) => void,
): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let healthy = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (delay: number): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.payload) listeners.change(message.payload);
    });
    const fail = (error: unknown) => {
      if (closed) return;
      if (healthy) onError(error);
      healthy = false;
      listeners.reset();
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(Math.min(delay * 2, 10_000)), delay);
    };
    next.on('error', fail);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      client = next;
      // Anything cached before this point may have missed a change.
      listeners.reset();
      healthy = true;
    } catch (error) {
      fail(error);
    }
  };
  await connect(250);
  return {
    subscribe: (listener) => listeners.add(listener),
    get healthy() {
      return healthy;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
