import { customType } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL tsvector: a generated full-text search document in the `es` configuration
 * (migration 0013, ADR 0036). Only the database writes it; content types keep it private.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
