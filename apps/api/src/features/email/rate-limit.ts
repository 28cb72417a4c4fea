import { and, lt, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';
import { AppError } from '../../lib/errors';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Windows older than this are deleted now and then; they can no longer refuse anything. */
const KEEP_WINDOWS_SECONDS = 24 * 3600;

/**
 * Counts one request under `key` in the current fixed window of `rate_limit_hits` (shared by every
 * API process, so the limit holds across them) and throws a 429 with Retry-After once the window
 * is full. `key` is `<prefix>:<who>`; the first hit of a window also deletes old windows of the
 * same prefix.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<void> {
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({
      hits: rateLimitHits.hits,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitHits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  if (!row) return;
  const colon = key.indexOf(':');
  if (row.hits === 1 && colon > 0) {
    const prefix = key.slice(0, colon + 1).replace(/[\\%_]/g, (c) => `\\${c}`);
    await db
      .delete(rateLimitHits)
      .where(
        and(
          like(rateLimitHits.key, `${prefix}%`),
          lt(
            rateLimitHits.windowStart,
            sql`now() - make_interval(secs => ${KEEP_WINDOWS_SECONDS})`,
          ),
        ),
      );
  }
  if (row.hits > limit) {
    throw new AppError('RATE_LIMITED', 'Too many requests, please try again later', {
      retryAfter: Math.max(1, Number(row.retryAfter)),
    });
  }
}
