import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * PGlite result parsing: dates stay 'YYYY-MM-DD' strings (no time-zone shift), numerics and bigints
 * become numbers. (Drizzle's node-postgres session parses per query; the engine normalises values
 * of either driver when it serialises.)
 */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (v) => Number.parseInt(v, 10), // int8
  1700: (v) => Number.parseFloat(v), // numeric
  1082: (v) => v, // date
};

/** How every PGlite of the API is opened, in this thread or in its own (pglite-thread.ts). */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm, unaccent },
  parsers: TYPE_PARSERS,
} satisfies PGliteOptions;

/** Timestamps come back as text in the session time zone: keep it UTC everywhere. */
export const PGLITE_SESSION_SETUP = `SET TIME ZONE 'UTC'`;
