import type { Readable } from 'node:stream';

/** Bytes to store: in memory, or a file on local disk (a spooled upload). */
export type StorageSource = Buffer | { path: string };

/** A stored object as listed: its key and when it was last written. */
export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

/** A stored object being read. */
export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Where uploaded bytes live (ADR 0011). Keys are relative paths such as `public/ab12….png`; the
 * database keeps the key of every file, so an adapter needs no index of its own.
 */
export interface FileStorage {
  /** Strapi's `provider` value for files stored here (`local`, `aws-s3`). */
  readonly provider: string;
  /** Stores the bytes under `key`, replacing nothing: keys are random and new. */
  put(key: string, source: StorageSource, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the bytes; a missing key is not an error (deleting twice is harmless). */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (`public/`, `private/`), in no particular order:
   * the reaper compares them with the database's rows (upload.jobs.ts).
   */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /**
   * The URL a browser uses for a public key. Both adapters answer a path served by the API
   * (`/uploads/...`), so the security headers hold whatever the storage behind it.
   */
  publicUrl(key: string): string;
  /** Releases connections (server shutdown). */
  close?(): void;
}

/** Prefix of the keys that may be served without a check; everything else is private. */
export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';

const KEY_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Throws on keys that could escape the storage root or mean something to a shell or a URL
 * (`..`, absolute paths, backslashes, empty segments).
 */
export function assertValidKey(key: string): void {
  if (key.length > 400 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** The public URL of a key under `public/`, served by the API's `/uploads/:name` route. */
export function uploadsPath(key: string): string {
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`Not a public key: ${key}`);
  return `/uploads/${key.slice(PUBLIC_PREFIX.length)}`;
}
