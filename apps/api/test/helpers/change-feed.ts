import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { CHANGES_CHANNEL, type ChangeFeed } from '../../src/db/change-feed';
import { TEST_CONFIG } from './app';
import { getTestDatabase } from './db';

/**
 * An API "process" of its own on the worker's database, with the change feed a server opens
 * (ADR 0007): what keeps its derived state (the answer cache, the published projects in memory,
 * ADR 0059) up to date. The answer cache stays off unless asked for, as on the bench's
 * `--uncached` runs.
 */
export interface FeedApp {
  app: FastifyInstance;
  feed: ChangeFeed;
  /**
   * Resolves once every change committed before the call has reached this process: a marker sent
   * through the same channel arrives after them (PostgreSQL delivers notifications in commit
   * order). Writes made with plain SQL stand for another process's writes.
   */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}

export async function appWithChangeFeed(
  options: { responseCache?: boolean } = {},
): Promise<FeedApp> {
  const handle = await getTestDatabase();
  const feed = await handle.openChangeFeed(() => undefined);
  const waiting = new Map<string, () => void>();
  feed.subscribe({
    onChange: (table) => waiting.get(table)?.(),
    onReset: () => undefined,
  });
  const app = await buildApp({
    config: { ...TEST_CONFIG, responseCache: options.responseCache ?? false },
    db: handle.db,
    changeFeed: feed,
    logger: false,
  });
  await app.ready();
  return {
    app,
    feed,
    settled: async () => {
      const marker = `settled_${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await handle.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${marker})`);
      await arrived;
      waiting.delete(marker);
    },
    close: async () => {
      await app.close();
      await feed.close();
    },
  };
}
