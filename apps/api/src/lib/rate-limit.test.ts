import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/helpers/db';
import { unique } from '../../test/helpers/factories';
import { AppError } from './errors';
import { consumeRateLimit } from './rate-limit';

const stored = (key: string, windowSeconds: number) =>
  `${createHash('sha256').update(key).digest('hex')}:${windowSeconds}`;

/** Writes the hits of the window `windowsAgo` windows before the current one. */
async function seedWindow(key: string, windowSeconds: number, windowsAgo: number, hits: number) {
  const { db } = await getTestDatabase();
  await db.execute(sql`
    INSERT INTO rate_limit_hits (key, window_start, hits)
    VALUES (${stored(key, windowSeconds)},
      to_timestamp((floor(extract(epoch FROM now()) / ${windowSeconds}) - ${windowsAgo}) * ${windowSeconds}),
      ${hits})`);
}

async function attempt(key: string, limit: number, windowSeconds: number) {
  const { db } = await getTestDatabase();
  try {
    await consumeRateLimit(db, [{ key, limits: [{ limit, windowSeconds }] }]);
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      return `limited ${String(error.details.retryAfter)}`;
    }
    throw error;
  }
}

describe('consumeRateLimit', () => {
  it('when the limit is reached within a window, the next request is limited with a retry time', async () => {
    const key = unique('rl');
    for (let i = 0; i < 3; i++) expect(await attempt(key, 3, 60)).toBe('allowed');
    expect(await attempt(key, 3, 60)).toMatch(/^limited \d+$/);
  });

  it('when the previous window was full, a burst continuing into this window is still limited', async () => {
    const key = unique('rl');
    await seedWindow(key, 60, 1, 100_000);
    expect(await attempt(key, 1, 60)).toMatch(/^limited/);
  });

  it('when the full window is two windows back, it no longer counts', async () => {
    const key = unique('rl');
    await seedWindow(key, 60, 2, 100_000);
    expect(await attempt(key, 1, 60)).toBe('allowed');
  });

  it('when one key is over its limit and another is not, the request is limited', async () => {
    const { db } = await getTestDatabase();
    const busy = unique('rl');
    const quiet = unique('rl');
    await seedWindow(busy, 60, 0, 50);
    await expect(
      consumeRateLimit(db, [
        { key: quiet, limits: [{ limit: 10, windowSeconds: 60 }] },
        { key: busy, limits: [{ limit: 10, windowSeconds: 60 }] },
      ]),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('when a key has a minute and an hour limit, the hour limit refuses even where the minute one allows', async () => {
    const key = unique('rl');
    await seedWindow(key, 3600, 0, 30);
    expect(await attempt(key, 30, 3600)).toMatch(/^limited/);
    const { db } = await getTestDatabase();
    await expect(
      consumeRateLimit(db, [
        {
          key,
          limits: [
            { limit: 10, windowSeconds: 60 },
            { limit: 30, windowSeconds: 3600 },
          ],
        },
      ]),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
