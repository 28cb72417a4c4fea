import type { Database } from '../../src/db/client';
import { writtenTables } from '../../src/db/change-feed';

/**
 * A database handle that loses its connections right after a chosen commit, for the writes that
 * must answer what they committed (ADR 0068): once a transaction that wrote `table` commits,
 * every statement run outside a transaction fails as a pool that cannot lend a connection fails
 * ("timeout exceeded when trying to connect", a 503 by db/failures.ts), until `heal()`.
 * Transactions themselves still run: what a write does before its commit is unaffected. Works on
 * PGlite and PostgreSQL alike (on PostgreSQL the engine's statements go to the pool through
 * `$client`, which then is hidden so they come here).
 */
export interface FaultyDatabase {
  db: Database;
  /** The next commit of a transaction that wrote `table` loses the connections after it. */
  failAfterCommitTo(table: string): void;
  heal(): void;
}

/** Database methods that run a statement (or build one that is awaited). */
const STATEMENTS = new Set([
  'execute',
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  '$count',
  'with',
  '$with',
  'refreshMaterializedView',
]);

export function faultyDatabase(real: Database): FaultyDatabase {
  let watched: string | undefined;
  let failing = false;
  const lost = () => new Error('timeout exceeded when trying to connect');
  const db = new Proxy(real, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return async (...args: Parameters<Database['transaction']>) => {
          const [fn, config] = args;
          if (failing) throw lost();
          let wrote: string[] = [];
          const result = await target.transaction(async (tx) => {
            const value = await fn(tx);
            wrote = await writtenTables(tx);
            return value;
          }, config);
          if (watched !== undefined && wrote.includes(watched)) {
            watched = undefined;
            failing = true;
          }
          return result;
        };
      }
      if (failing && property === '$client') return undefined;
      if (failing && typeof property === 'string' && STATEMENTS.has(property)) {
        return () => {
          throw lost();
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return {
    db,
    failAfterCommitTo(table) {
      watched = table;
      failing = false;
    },
    heal() {
      watched = undefined;
      failing = false;
    },
  };
}
