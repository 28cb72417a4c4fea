import type { CacheSnapshot } from './cache/response-cache';

/**
 * A copy of one table's rows that each API process keeps in memory, read again when it is stale
 * (ADR 0059: the published projects; ADR 0071: the library's live works). PostgreSQL stays the
 * source of truth.
 */

/** What tells a copy that its table changed: the answer cache's table versions (ADR 0007). */
export type TableVersions = { readonly enabled: boolean; snapshot(): CacheSnapshot };

/**
 * The process's copy of a table, read again when it is stale. A copy is good for the table
 * version it was read at: the versions move with every change notification and with this
 * process's own writes (ADR 0007), and are taken before the read starts, so a change that lands
 * during a read makes that copy stale at once. While the change feed is down nothing is trusted:
 * `current()` answers undefined and the caller asks PostgreSQL.
 */
export class TableCopy<T> {
  private ready: { key: string; copy: T } | undefined;
  private loading: { key: string; copy: Promise<T> } | undefined;
  /** How many copies were read since the process started. */
  loads = 0;

  constructor(
    private readonly versions: TableVersions,
    private readonly table: string,
    private readonly read: () => Promise<T>,
  ) {}

  /**
   * The copy as of the latest change this process knows of, read first if needed (requests that
   * arrive meanwhile wait for the same read); undefined when changes cannot be known.
   */
  async current(): Promise<T | undefined> {
    if (!this.versions.enabled) return undefined;
    const { versions, epoch } = this.versions.snapshot();
    const key = `${epoch}:${versions.get(this.table) ?? 0}`;
    if (this.ready?.key === key) return this.ready.copy;
    if (this.loading?.key === key) return this.loading.copy;
    this.loads += 1;
    const copy = this.read();
    const loading = { key, copy };
    this.loading = loading;
    try {
      const read = await copy;
      // A later change may have started a newer read meanwhile: only the latest is kept.
      if (this.loading === loading) {
        this.ready = { key, copy: read };
        this.loading = undefined;
      }
      return read;
    } catch (error) {
      if (this.loading === loading) this.loading = undefined;
      throw error;
    }
  }
}
