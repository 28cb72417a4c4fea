import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

const healthy = { healthy: true };

describe('ResponseCache', () => {
  it('when an entry is read back before any change, it is a hit', () => {
    const cache = new ResponseCache(healthy);
    cache.set('k', 'body', cache.snapshot(), ['projects']);
    expect(cache.get('k')).toBe('body');
    expect(cache.hits).toBe(1);
  });

  it('counts the lookups of answers and of accounts apart', () => {
    const cache = new ResponseCache(healthy);
    cache.set('k', 'body', cache.snapshot(), ['projects']);
    cache.get('k');
    cache.get('missing');
    cache.get('account 1', 'account');
    expect(cache.stats).toEqual({
      answer: { hits: 1, misses: 1 },
      account: { hits: 0, misses: 1 },
    });
  });

  it('when a table it was read from changes, the entry is stale; other tables do not matter', () => {
    const cache = new ResponseCache(healthy);
    cache.set('a', 'A', cache.snapshot(), ['projects', 'organizations']);
    cache.set('b', 'B', cache.snapshot(), ['universities']);
    cache.invalidate('organizations');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
  });

  it('when a change lands while the answer is being computed, the stored answer is already stale', () => {
    const cache = new ResponseCache(healthy);
    const before = cache.snapshot();
    cache.invalidate('projects');
    cache.set('k', 'old', before, ['projects']);
    expect(cache.get('k')).toBeUndefined();
  });

  it('when the feed resets, everything is dropped, including answers computed across the reset', () => {
    const cache = new ResponseCache(healthy);
    cache.set('a', 'A', cache.snapshot(), ['projects']);
    const before = cache.snapshot();
    cache.reset();
    cache.set('b', 'B', before, ['projects']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('when the feed is unhealthy, nothing is stored or served', () => {
    const feed = { healthy: true };
    const cache = new ResponseCache(feed);
    cache.set('a', 'A', cache.snapshot(), ['projects']);
    feed.healthy = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'B', cache.snapshot(), ['projects']);
    feed.healthy = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('when there is no feed, the cache is off', () => {
    const cache = new ResponseCache(undefined);
    cache.set('a', 'A', cache.snapshot(), ['projects']);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('when an entry outlives its time to live, it is dropped', () => {
    let now = 1_000;
    const cache = new ResponseCache(
      healthy,
      { ttlMs: 100, maxEntries: 10, maxBytes: 1 << 20 },
      () => now,
    );
    cache.set('a', 'A', cache.snapshot(), ['projects']);
    now += 101;
    expect(cache.get('a')).toBeUndefined();
  });

  it('when it is full, the least recently used entry goes first', () => {
    const cache = new ResponseCache(healthy, { ttlMs: 60_000, maxEntries: 2, maxBytes: 1 << 20 });
    cache.set('a', 'A', cache.snapshot(), []);
    cache.set('b', 'B', cache.snapshot(), []);
    cache.get('a');
    cache.set('c', 'C', cache.snapshot(), []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(2);
  });
});
