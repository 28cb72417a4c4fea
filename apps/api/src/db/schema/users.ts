import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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
    resetPasswordToken: varchar('reset_password_token', { length: 255 }),
    resetPasswordExpiresAt: timestamp('reset_password_expires_at', { withTimezone: true }),
    confirmationToken: varchar('confirmation_token', { length: 255 }),
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
