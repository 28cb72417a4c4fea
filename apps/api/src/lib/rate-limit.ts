import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { tooManyRequestsMessage } from '@plataforma/shared';
import type { Database } from '../db/client';
import { refusal } from './errors';

/**
 * Rate limits shared by every API process through the `rate_limit_hits` table (ADR 0008). One
 * statement counts a request against all its keys at once; the database clock decides the window,
 * so processes with skewed clocks still agree.
 */

/** A limit: at most `limit` requests per `windowSeconds` for one key. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** One key to count a request against, with the limits that apply to it. */
export interface RateLimitKey {
  /** What is limited and for whom, e.g. `login:ip:203.0.113.9`; hashed before it is stored. */
  key: string;
  limits: readonly Limit[];
}

const RETENTION = '1 day';

/** Rows older than every window are deleted now and then, by whichever request comes along. */
const PURGE_PROBABILITY = 1 / 200;

interface HitRow extends Record<string, unknown> {
  key: string;
  hits: number | string;
  previous: number | string;
  elapsed: number | string;
}

/**
 * Seconds until one more request would pass, under the sliding-window estimate
 * `hits + previous × (1 − elapsed / window)`.
 */
function secondsUntilAllowed(
  hits: number,
  previous: number,
  elapsed: number,
  window: number,
  limit: number,
): number {
  // Still in this window: the previous window's weight fades until one more request fits.
  if (previous > 0 && hits + 1 <= limit) {
    const wait = window * (1 - (limit - hits - 1) / previous) - elapsed;
    if (wait < window - elapsed) return Math.max(1, Math.ceil(wait));
  }
  // In the next window this one's hits are the fading previous ones.
  const nextWindow = window - elapsed + Math.max(0, window * (1 - (limit - 1) / hits));
  return Math.max(1, Math.ceil(nextWindow));
}

/**
 * Counts one request against every key and throws a 429 `RateLimitError` (with Retry-After, and
 * a Spanish message that says how long to wait) when any of them is over its limit. Requests over the limit still count, so hammering never frees a
 * slot sooner.
 *
 * Sliding-window counter: the estimate weighs the previous window's hits by how much of it still
 * overlaps the last `windowSeconds`, so a burst across a window boundary cannot get twice the
 * limit through, as plain fixed windows allow.
 */
export async function consumeRateLimit(db: Database, keys: readonly RateLimitKey[]): Promise<void> {
  const byKey = new Map<string, { key: string; limit: number; windowSeconds: number }>();
  for (const { key, limits } of keys) {
    for (const { limit, windowSeconds } of limits) {
      // The identifier part may be an email: store a digest, never the address, and stay far
      // below the column's 300 characters whatever its length. The window length is part of the
      // key so two windows of one key never share a row.
      const stored = `${createHash('sha256').update(key, 'utf8').digest('hex')}:${windowSeconds}`;
      const known = byKey.get(stored);
      // One statement may touch a row once only (ON CONFLICT); the tightest limit wins.
      if (!known || limit < known.limit) byKey.set(stored, { key: stored, limit, windowSeconds });
    }
  }
  const rules = [...byKey.values()];
  if (rules.length === 0) return;
  const values = sql.join(
    rules.map((r) => sql`(${r.key}::varchar, ${r.windowSeconds}::int)`),
    sql`, `,
  );
  const result: unknown = await db.execute(sql`
    WITH k(key, secs) AS (VALUES ${values}),
    hit AS (
      INSERT INTO rate_limit_hits AS r (key, window_start, hits)
      SELECT k.key, to_timestamp(floor(extract(epoch FROM now()) / k.secs) * k.secs), 1 FROM k
      ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
      RETURNING r.key, r.window_start, r.hits
    )
    SELECT hit.key, hit.hits, coalesce(prev.hits, 0) AS previous,
      extract(epoch FROM now() - hit.window_start) AS elapsed
    FROM hit
    JOIN k ON k.key = hit.key
    LEFT JOIN rate_limit_hits prev ON prev.key = hit.key
      AND prev.window_start = hit.window_start - make_interval(secs => k.secs)
  `);
  let retryAfter = 0;
  // Both drivers answer `{rows}`; Drizzle's common type does not say so.
  for (const row of (result as { rows: HitRow[] }).rows) {
    const rule = rules.find((r) => r.key === row.key);
    if (!rule) continue;
    const hits = Number(row.hits);
    const previous = Number(row.previous);
    const elapsed = Math.min(Number(row.elapsed), rule.windowSeconds);
    const estimate = hits + previous * (1 - elapsed / rule.windowSeconds);
    if (estimate > rule.limit) {
      retryAfter = Math.max(
        retryAfter,
        secondsUntilAllowed(hits, previous, elapsed, rule.windowSeconds, rule.limit),
      );
    }
  }
  if (Math.random() < PURGE_PROBABILITY) await purgeRateLimitHits(db);
  if (retryAfter > 0) {
    // Shown to people (a login form, the questionnaire): Spanish, with the wait of Retry-After.
    throw refusal('RATE_LIMITED', tooManyRequestsMessage(retryAfter), { retryAfter });
  }
}

/** Deletes the windows that ended long ago. */
export async function purgeRateLimitHits(db: Database): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit_hits WHERE window_start < now() - ${RETENTION}::interval`,
  );
}

/**
 * The part of a client address that identifies one client: an IPv4 address, or the /64 prefix of
 * an IPv6 one (a single customer usually holds a whole /64, and could otherwise rotate through it).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
