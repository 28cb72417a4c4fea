import type { ChangeFeed } from '../../db/change-feed';

export interface CacheSnapshot {
  versions: Map<string, number>;
  epoch: number;
}

/** The encodings an answer is kept in besides its text, made on the first hit that asks for one. */
export type AnswerEncoding = 'br' | 'gzip';

/** An answer as the cache keeps it: its JSON text and, once asked for, its compressed bytes. */
export interface CachedAnswer {
  readonly body: string;
  readonly encoded: Map<AnswerEncoding, Buffer>;
}

interface Entry extends CachedAnswer {
  /** Tables the answer was read from, with their versions at that moment. */
  tables: [string, number][];
  epoch: number;
  expires: number;
  bytes: number;
}

/** What a lookup is for, counted apart: an answer of a read route, or a token's account. */
export type CacheKind = 'answer' | 'account';

export interface ResponseCacheOptions {
  /** Safety net: an entry is dropped after this long even if no change was announced. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_CACHE_OPTIONS: ResponseCacheOptions = {
  ttlMs: 60_000,
  maxEntries: 20_000,
  maxBytes: 128 * 1024 * 1024,
};

/**
 * Answers of read routes, kept until a table they were read from changes. Every write, from any
 * API process or any other client, announces its table through the database (ChangeFeed), so the
 * API processes stay stateless: each keeps its own cache and all of them drop stale entries within
 * the time a notification takes to arrive. While the feed is down nothing is cached or served.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private bytes = 0;
  /**
   * Lookups since the process started, by what was looked up: the answers of read routes, or the
   * accounts of bearer tokens (plugins/actor.ts). Read by GET /metrics (plugins/metrics.ts).
   */
  readonly stats: Record<CacheKind, { hits: number; misses: number }> = {
    answer: { hits: 0, misses: 0 },
    account: { hits: 0, misses: 0 },
  };

  get hits(): number {
    return this.stats.answer.hits + this.stats.account.hits;
  }

  get misses(): number {
    return this.stats.answer.misses + this.stats.account.misses;
  }

  constructor(
    private readonly feed: Pick<ChangeFeed, 'healthy'> | undefined,
    private readonly options: ResponseCacheOptions = DEFAULT_CACHE_OPTIONS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether read routes' answers are kept (`RESPONSE_CACHE=off` turns it off, to measure the
   * engine alone). The accounts of bearer tokens (plugins/actor.ts) are kept either way: they are
   * not an answer but the identity every request starts from, invalidated the same way.
   */
  keepsAnswers = true;

  get enabled(): boolean {
    return this.feed?.healthy === true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A table changed: every entry read from it is stale. */
  invalidate(table: string) {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /** Changes may have been missed: drop everything. */
  reset() {
    this.epoch += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string, kind: CacheKind = 'answer'): string | undefined {
    return this.getAnswer(key, kind)?.body;
  }

  /**
   * Whether a fresh answer is kept under `key`, without counting a lookup or touching its place
   * in the LRU: admission control lets such a request through without a slot (ADR 0069).
   */
  hasFresh(key: string): boolean {
    if (!this.enabled) return false;
    const entry = this.entries.get(key);
    return entry !== undefined && this.isFresh(entry);
  }

  /** The entry under `key`, with the compressed bytes it keeps (serve-cached.ts). */
  getAnswer(key: string, kind: CacheKind = 'answer'): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const stats = this.stats[kind];
    const entry = this.entries.get(key);
    if (!entry) {
      stats.misses += 1;
      return undefined;
    }
    if (!this.isFresh(entry)) {
      this.delete(key, entry);
      stats.misses += 1;
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    stats.hits += 1;
    return entry;
  }

  /**
   * The answer's bytes in `encoding`, made once by `encode` and kept with the entry (counted in
   * its memory), so later hits cost no compression (ADR 0056).
   */
  encodedAnswer(
    key: string,
    answer: CachedAnswer,
    encoding: AnswerEncoding,
    encode: () => Buffer,
  ): Buffer {
    const kept = answer.encoded.get(encoding);
    if (kept) return kept;
    const bytes = encode();
    const entry = this.entries.get(key);
    // Only an entry still in the cache keeps them (one evicted meanwhile would leak its bytes).
    if (entry !== answer) return bytes;
    entry.encoded.set(encoding, bytes);
    entry.bytes += bytes.length;
    this.bytes += bytes.length;
    return bytes;
  }

  /**
   * Stores an answer read from `tables`. `before` is the snapshot taken before the read started, so
   * a change that lands while the read runs makes the entry stale at once.
   */
  set(key: string, body: string, before: CacheSnapshot, tables: Iterable<string>) {
    if (!this.enabled || before.epoch !== this.epoch) return;
    const versionsBefore = before.versions;
    const bytes = body.length * 2;
    if (bytes > this.options.maxBytes / 16) return;
    const tableVersions: [string, number][] = [];
    for (const table of tables) tableVersions.push([table, versionsBefore.get(table) ?? 0]);
    const existing = this.entries.get(key);
    if (existing) this.delete(key, existing);
    this.entries.set(key, {
      body,
      encoded: new Map(),
      tables: tableVersions,
      epoch: this.epoch,
      expires: this.now() + this.options.ttlMs,
      bytes,
    });
    this.bytes += bytes;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.delete(oldest[0], oldest[1]);
    }
  }

  /** Versions at the start of a read, to pass to set() after it. */
  snapshot(): CacheSnapshot {
    return { versions: new Map(this.versions), epoch: this.epoch };
  }

  private isFresh(entry: Entry): boolean {
    if (entry.epoch !== this.epoch || entry.expires <= this.now()) return false;
    for (const [table, version] of entry.tables) {
      if ((this.versions.get(table) ?? 0) !== version) return false;
    }
    return true;
  }

  private delete(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
