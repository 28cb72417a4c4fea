import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, PGLITE_SESSION_SETUP } from './pglite-options';
import type { ThreadReply, ThreadRequest, WireError } from './pglite-thread';

/**
 * The embedded database's own thread (ADR 0058): PGlite runs here, so the WebAssembly that
 * executes each statement takes this thread's time and never holds the API's event loop. The API's
 * side (pglite-thread.ts) sends statements and transaction steps by message; the answers are the
 * same `Results` PGlite gives, with the identity parsers the caller asked for applied here.
 */
const port = parentPort;
if (!port) throw new Error('pglite.worker.ts runs as a worker thread');
const { dir } = workerData as { dir: string | undefined };

/** An identity parser per type id (Drizzle keeps timestamps, dates and intervals as text). */
function parsersOf(identity: number[] | undefined) {
  if (!identity || identity.length === 0) return undefined;
  return Object.fromEntries(identity.map((type) => [type, (value: string) => value]));
}

/** The fields of a PostgreSQL error, which a structured clone of the Error would drop. */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** Open transactions, by id: each holds PGlite's transaction until its end arrives. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const unlisteners = new Map<number, () => Promise<void>>();
let nextId = 1;

const reply = (message: ThreadReply) => port.postMessage(message);

/** Thrown into a transaction's callback to have PGlite roll it back. */
class RolledBack extends Error {}

/** How each `end` request learns its transaction's outcome (PGlite's COMMIT or ROLLBACK). */
const ends = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

function transactionOf(id: number): Transaction {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`No open transaction ${id}`);
  return entry.tx;
}

try {
  const client = await PGlite.create(dir, PGLITE_OPTIONS);
  await client.exec(PGLITE_SESSION_SETUP);

  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const target = request.tx === undefined ? client : transactionOf(request.tx);
        return target.query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers: parsersOf(request.identity),
        });
      }
      case 'exec': {
        const target = request.tx === undefined ? client : transactionOf(request.tx);
        return target.exec(request.sql);
      }
      case 'begin': {
        const id = nextId++;
        // Answered as soon as PGlite has begun; the transaction's callback then waits for `end`.
        return new Promise<number>((begun, failed) => {
          const done = client.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(id, {
                  tx,
                  end: (ok) => (ok ? commit() : rollback(new RolledBack())),
                });
                begun(id);
              }),
          );
          void done
            .catch((error: unknown) => error)
            .then((outcome) => {
              const entry = ends.get(id);
              ends.delete(id);
              transactions.delete(id);
              if (!entry) {
                // Ended before it began (BEGIN failed): the `begin` request fails.
                failed(outcome instanceof Error ? outcome : new Error(String(outcome)));
                return;
              }
              if (outcome instanceof RolledBack || outcome === undefined) entry.resolve();
              else entry.reject(outcome);
            });
        });
      }
      case 'end': {
        const entry = transactions.get(request.tx);
        if (!entry) throw new Error(`No open transaction ${request.tx}`);
        const ended = new Promise<void>((resolve, reject) => {
          ends.set(request.tx, { resolve, reject });
        });
        entry.end(request.commit);
        await ended;
        return undefined;
      }
      case 'listen': {
        const id = nextId++;
        const unlisten = await client.listen(request.channel, (payload) =>
          reply({ notify: id, payload }),
        );
        unlisteners.set(id, unlisten);
        return id;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.listener);
        unlisteners.delete(request.listener);
        await unlisten?.();
        return undefined;
      }
      case 'close': {
        await client.close();
        return undefined;
      }
    }
  };

  port.on('message', (request: ThreadRequest) => {
    handle(request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: wireError(error) }),
    );
  });
  reply({ ready: true });
} catch (error) {
  reply({ ready: false, error: wireError(error) });
}
