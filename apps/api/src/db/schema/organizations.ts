import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { files, users } from './users';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 100 }),
    sector: varchar('sector', { length: 255 }),
    size: varchar('size', { length: 100 }),
    description: text('description'),
    location: varchar('location', { length: 255 }),
    web: varchar('web', { length: 500 }),
    linkedin: varchar('linkedin', { length: 500 }),
    reachedUsHow: varchar('reached_us_how', { length: 255 }),
    logoId: integer('logo_id').references(() => files.id, { onDelete: 'set null' }),
    /** Private contact data: only admins and the organisation's coordinators see it. */
    contact_phone: varchar('contact_phone', { length: 30 }),
    contact_mail: varchar('contact_mail', { length: 255 }),
    contact_name: varchar('contact_name', { length: 255 }),
    ...timestamps(),
  },
  (t) => [index('organizations_name_idx').on(t.name)],
);

/** The contact person of an organisation; one user, one organisation. */
export const coordinators = pgTable(
  'coordinators',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    job_position: varchar('job_position', { length: 255 }),
    ...timestamps(),
  },
  (t) => [index('coordinators_organization_idx').on(t.organizationId)],
);
