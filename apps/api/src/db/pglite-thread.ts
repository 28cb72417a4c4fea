import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database in a thread of its own (ADR 0058). PGlite executes every statement as
 * WebAssembly on the thread that calls it: in the API's thread, a busy database held the event
 * loop, so an upload's bytes, a sign-in's answer and every other request waited behind other
 * people's statements. Here the API's thread only sends statements and transaction steps to
 * `pglite.worker.ts` and awaits their answers; the database has its own core.
 *
 * `PGliteThread` offers the part of PGlite's interface the API uses (`query`, `exec`,
 * `transaction`, `listen`, `close`), so Drizzle's PGlite driver and the change feed take it as
 * they took PGlite. PGlite's own worker (`@electric-sql/pglite/worker`) is made for browsers'
 * Web Workers (tabs, navigator.locks) and does not run on Node's worker_threads.
 *
 * Semantics are PGlite's: one session; a transaction holds the database until it ends, and
 * statements from outside it wait. Functions do not cross threads, so parsers given with a query
 * must be identity parsers (Drizzle's, which keep timestamps and dates as text): they are sent
 * as type ids and applied in the thread.
 */

export interface WireError {
  name: string;
  message: string;
  /** The PostgreSQL error's own fields: code (SQLSTATE), constraint, detail, table... */
  fields: Record<string, string | number | boolean>;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      identity: number[] | undefined;
      tx: number | undefined;
    }
  | { op: 'exec'; sql: string; tx: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' };

export type ThreadRequest = Request & { id: number };

export type ThreadReply =
  | { ready: true }
  | { ready: false; error: WireError }
  | { id: number; result: unknown }
  | { id: number; error: WireError }
  | { notify: number; payload: string };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/** An error as PGlite raised it in the thread: its message, name and PostgreSQL fields. */
function errorOf(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  return error;
}

const PROBE = '\u0000identity?';
const identityCache = new WeakMap<object, number[]>();

/** The type ids of `parsers`, which must each answer the text they are given. */
function identityTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  const cached = identityCache.get(parsers);
  if (cached) return cached;
  const types = Object.entries(parsers).map(([type, parse]) => {
    if (parse(PROBE, Number(type)) !== PROBE) {
      throw new Error(`Only identity parsers reach the database's thread (type ${type})`);
    }
    return Number(type);
  });
  identityCache.set(parsers, types);
  return types;
}

/**
 * The thread's module. From the sources (tests, `tsx` in development) it is the TypeScript file
 * beside this one, loaded with tsx's API; in the bundle it is `dist/pglite.worker.js`, beside
 * the `server.js`, `seed-cli.js` and `migrate-cli.js` this code is bundled into
 * (apps/api/scripts/build.mjs), as the PDF reader's thread is.
 */
function startWorker(dir: string | undefined): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite.worker.js', import.meta.url), { workerData: { dir } });
  }
  // On Node 20 a thread does not take `--import tsx` from execArgv: tsx's API loads the module.
  const source = new URL('./pglite.worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: { dir } });
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** Why the thread can take no more statements (it ended, or the database was closed). */
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in `dir` (in memory without one). */
  static async open(dir: string | undefined): Promise<PGliteThread> {
    const worker = startWorker(dir);
    const thread = new PGliteThread(worker);
    await new Promise<void>((ready, failed) => {
      const onExit = (code: number) =>
        failed(new Error(`The embedded database's thread ended (code ${code}) while opening`));
      worker.once('error', failed);
      worker.once('exit', onExit);
      worker.once('message', (message: ThreadReply) => {
        worker.off('error', failed);
        worker.off('exit', onExit);
        if ('ready' in message && message.ready) ready();
        else if ('ready' in message) failed(errorOf(message.error));
        else failed(new Error('The embedded database thread answered before it was ready'));
      });
    });
    thread.#listen();
    return thread;
  }

  #listen(): void {
    const worker = this.#worker;
    worker.on('message', (message: ThreadReply) => {
      if ('notify' in message) {
        this.#listeners.get(message.notify)?.(message.payload);
        return;
      }
      if (!('id' in message)) return;
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in message) pending.reject(errorOf(message.error));
      else pending.resolve(message.result);
    });
    // A thread that ends takes the database with it: what was asked fails as a lost connection
    // would (SQLSTATE 08006, answered 503 by db/failures.ts), and so does what is asked after.
    const lost = (reason: string) => {
      const error = Object.assign(new Error(`The embedded database's thread ended: ${reason}`), {
        code: '08006',
      });
      this.#gone ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', (error: Error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    // Idle, the thread does not keep the process alive (PGlite in the API's thread did not).
    worker.unref();
  }

  #send<T>(request: Request): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } satisfies ThreadRequest);
    });
  }

  get closed(): boolean {
    return this.#gone !== undefined;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const { rowMode, parsers, ...rest } = options ?? {};
    if (Object.keys(rest).length > 0) {
      return Promise.reject(
        new Error(
          `Query options the database's thread does not take: ${Object.keys(rest).join(', ')}`,
        ),
      );
    }
    let identity: number[] | undefined;
    try {
      identity = identityTypes(parsers);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.#send({ op: 'query', sql, params, rowMode, identity, tx });
  }

  exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql, tx: undefined });
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#send<number>({ op: 'begin' });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.#send({ op: 'end', tx: id, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query<R>(id, sql, params, options),
      exec: (sql: string) => this.#send<Results[]>({ op: 'exec', sql, tx: id }),
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
    await end(true);
    return result;
  }

  /** Calls `callback` with each notification on `channel`; answers the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.#send<number>({ op: 'listen', channel });
    this.#listeners.set(listener, callback);
    return async () => {
      if (!this.#listeners.delete(listener) || this.#gone) return;
      await this.#send({ op: 'unlisten', listener });
    };
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      await this.#send({ op: 'close' });
    } finally {
      // Statements after the close fail as on a closed connection (answered 503, not 500).
      this.#gone = Object.assign(new Error('The embedded database is closed'), { code: '08003' });
      await this.#worker.terminate();
    }
  }
}
