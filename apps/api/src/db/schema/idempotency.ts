import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The answers of writes sent with an `Idempotency-Key` (ADR 0068): per account and key, which
 * request it was (a SHA-256 of its method, address and body) and what it was answered, so that
 * the same request sent again within 24 hours gets the same answer instead of a second write.
 * The row is written in the write's own transaction: it exists exactly when the write committed.
 * `status` and `body` are null only inside that transaction, between the claim and the record.
 * The body is the answer's JSON text as sent (text, not jsonb, which would reorder its keys).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    status: smallint('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The daily purge deletes by age (lib/idempotency.ts).
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
