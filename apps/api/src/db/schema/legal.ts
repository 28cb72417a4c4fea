import { LEGAL_TEXT_KINDS, LEGAL_TEXT_LIMITS } from '@plataforma/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { inList } from './checks';
import { id, timestamps } from './columns';
import { users } from './users';

/**
 * The legal texts as they read now (ADR 0035): one row per kind, created by a migration on every
 * installation. `version` counts the changes; each version's text is kept in legal_text_versions.
 */
export const legalTexts = pgTable(
  'legal_texts',
  {
    id: id(),
    kind: varchar('kind', { length: 20, enum: LEGAL_TEXT_KINDS }).notNull().unique(),
    title: varchar('title', { length: LEGAL_TEXT_LIMITS.title }).notNull(),
    /** Allow-listed HTML (cleaned by the server on every write). */
    content: text('content').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    check('legal_texts_kind_check', inList(t.kind, LEGAL_TEXT_KINDS)),
    check('legal_texts_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * Every version a legal text has had, never changed nor deleted: a consent points at the version
 * that was accepted, so it can be shown as it was.
 */
export const legalTextVersions = pgTable(
  'legal_text_versions',
  {
    id: id(),
    legalTextId: integer('legal_text_id')
      .notNull()
      .references(() => legalTexts.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    title: varchar('title', { length: LEGAL_TEXT_LIMITS.title }).notNull(),
    content: text('content').notNull(),
    /** The admin who wrote this version (null for the installation's defaults). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('legal_text_versions_text_version_unique').on(t.legalTextId, t.version),
    check('legal_text_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * A person's acceptance of a legal text when registering (RGPD art. 7.1: the controller must be
 * able to show that consent was given): who, when, which version, and the policy address the
 * registration page linked to (the branding's politicsUrl, spec §3).
 */
export const legalConsents = pgTable(
  'legal_consents',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalTextVersionId: integer('legal_text_version_id')
      .notNull()
      .references(() => legalTextVersions.id, { onDelete: 'restrict' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    policyUrl: varchar('policy_url', { length: 1000 }),
    ...timestamps(),
  },
  (t) => [
    index('legal_consents_user_idx').on(t.userId),
    index('legal_consents_version_idx').on(t.legalTextVersionId),
  ],
);
