import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { PROFILE_TYPES } from '@plataforma/shared';
import { id, timestamps } from './columns';
import { inList } from './checks';

/** users-permissions roles; `type` is the slug a policy reads. */
export const roles = pgTable('up_roles', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 255 }),
  type: varchar('type', { length: 50 }).notNull().unique(),
  ...timestamps(),
});

/** Uploaded media (Strapi upload plugin `files`). */
export const files = pgTable(
  'files',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    alternativeText: varchar('alternative_text', { length: 255 }),
    caption: varchar('caption', { length: 255 }),
    width: integer('width'),
    height: integer('height'),
    formats: jsonb('formats'),
    hash: varchar('hash', { length: 255 }).notNull(),
    ext: varchar('ext', { length: 20 }),
    mime: varchar('mime', { length: 100 }).notNull(),
    /** Size in KB, as Strapi stores it. */
    size: numeric('size', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    url: varchar('url', { length: 1000 }).notNull(),
    previewUrl: varchar('preview_url', { length: 1000 }),
    provider: varchar('provider', { length: 50 }).notNull().default('local'),
    provider_metadata: jsonb('provider_metadata'),
    /** Who uploaded it; never serialised, used by the upload policy. */
    uploadedById: integer('uploaded_by_id'),
    /** CVs and DNIs: served only to whom may see them, never under a public URL. */
    isPrivate: boolean('is_private').notNull().default(false),
    /** Where the storage keeps the bytes (a path or an object key); never serialised. */
    storageKey: varchar('storage_key', { length: 500 }),
    ...timestamps(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedById)],
);

/** users-permissions users plus the profile fields of spec §3 User. */
export const users = pgTable(
  'up_users',
  {
    id: id(),
    username: varchar('username', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    provider: varchar('provider', { length: 50 }).notNull().default('local'),
    password: varchar('password', { length: 255 }),
    /**
     * Tokens issued before this instant are refused (set when the password changes or is reset,
     * so every open session ends).
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    confirmed: boolean('confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }),
    surname: varchar('surname', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    pictureId: integer('picture_id').references(() => files.id, { onDelete: 'set null' }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    profileType: varchar('profile_type', { length: 20, enum: PROFILE_TYPES }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('up_users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('up_users_username_unique').on(t.username),
    index('up_users_role_idx').on(t.roleId),
    index('up_users_profile_type_idx').on(t.profileType),
    check('up_users_profile_type_check', inList(t.profileType, PROFILE_TYPES)),
  ],
);

export const USER_TOKEN_PURPOSES = ['confirmation', 'reset', 'login', 'refresh'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * One-time tokens of a user: email confirmation, password reset, sign-in link and refresh tokens.
 * Only a SHA-256 of each token is stored, so a database leak gives no usable token.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20, enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', inList(t.purpose, USER_TOKEN_PURPOSES)),
  ],
);

/** Hits per key and window for the rate limits shared by every API process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: varchar('key', { length: 300 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);
