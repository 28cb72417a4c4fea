import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, publishedAt, timestamps } from './columns';
import type { FooterSectionComponent } from '@plataforma/shared';
import { files } from './users';

/** `GET /api/brandings` answers the menu logo (also the favicon). */
export const brandings = pgTable('brandings', {
  id: id(),
  name: varchar('name', { length: 255 }),
  menuLogoId: integer('menu_logo_id').references(() => files.id, { onDelete: 'set null' }),
  ...timestamps(),
});

/** The branding of this university (single type `branding-saas`, spec §3 Branding). */
export const brandingSaas = pgTable('branding_saas', {
  id: id(),
  mainColor: varchar('main_color', { length: 30 }),
  secondaryColor: varchar('secondary_color', { length: 30 }),
  terciaryColor: varchar('terciary_color', { length: 30 }),
  quaternaryColor: varchar('quaternary_color', { length: 30 }),
  footerColor: varchar('footer_color', { length: 30 }),
  logoUrl: varchar('logo_url', { length: 1000 }),
  projectName: varchar('project_name', { length: 255 }),
  origin: varchar('origin', { length: 255 }),
  mailTo: varchar('mail_to', { length: 255 }),
  university_name: varchar('university_name', { length: 255 }),
  mainfont: varchar('mainfont', { length: 100 }).default('Montserrat'),
  politicsUrl: varchar('politics_url', { length: 1000 }),
  program: varchar('program', { length: 255 }),
  ...timestamps(),
});

/**
 * Feature switches per role (spec §3 Permissions per feature). `role` is a profile type or
 * "public" for visitors.
 */
export const featurePermissions = pgTable(
  'feature_permissions',
  {
    id: id(),
    role: varchar('role', { length: 20 }).notNull(),
    feature: varchar('feature', { length: 50 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    create: boolean('create').notNull().default(false),
    update: boolean('update').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('feature_permissions_role_feature_unique').on(t.role, t.feature)],
);

/** Footer content (spec §3 Footer content); the web reads data[0].attributes.FooterSection. */
export const footerSections = pgTable(
  'footer_sections',
  {
    id: id(),
    FooterSection: jsonb('footer_section').$type<FooterSectionComponent[]>().notNull(),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [index('footer_sections_published_idx').on(t.publishedAt)],
);

/**
 * How teachers are verified at this university (single type `teacher-setting`, ADR 0051): the
 * email domains whose teachers are verified when they register. Admins only; one row, made by
 * migration 0021.
 */
export const teacherSettings = pgTable('teacher_settings', {
  id: id(),
  /** Lower case, each once (the content type's validation normalises them). */
  domains: text('domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...timestamps(),
});
