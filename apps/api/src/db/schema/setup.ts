import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * The setup links of the first start (ADR 0064): while no administrator exists, each start of the
 * server makes one and prints it. Only a SHA-256 of each token is stored, as `user_tokens` does,
 * so the database never holds a usable link. A link works once, for 24 hours.
 */
export const setupTokens = pgTable('setup_tokens', {
  id: id(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
