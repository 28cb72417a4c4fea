import pg from 'pg';
import type { Database } from './client';

/** How long to wait before connecting again after the listening connection dropped. */
const RECONNECT_MS = 5_000;

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * LISTENs on a channel with the database's own client: PGlite in process, or a dedicated
 * connection next to the node-postgres pool (connected again after a drop; meanwhile the caller's
 * poll does the work, and `onNotify` is called once reconnected, for what was missed). Answers the
 * function that stops listening. The email sender and the job worker wake on it.
 */
export async function listenOnChannel(
  db: Database,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, onNotify, onError);
  if (client && typeof (client as Partial<PgliteLike>).listen === 'function') {
    return (client as PgliteLike).listen(channel, () => onNotify());
  }
  return async () => undefined;
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // The pool's own options: same server, database and session settings as every query.
    const client = new pg.Client(pool.options);
    const fail = (error: unknown) => {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (closed) return;
      if (current === client) onError(error);
      current = undefined;
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    client.on('error', fail);
    client.on('notification', () => onNotify());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (closed) {
        await client.end();
        return;
      }
      current = client;
      // Work committed while nobody listened is found by this round.
      onNotify();
    } catch (error) {
      fail(error);
    }
  };
  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => undefined);
    current = undefined;
  };
}
