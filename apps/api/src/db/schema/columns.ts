import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Integer identity primary key, as Strapi v4 ids are integers. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** createdAt/updatedAt kept by the database (updatedAt is also set by every engine update). */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Draft/publish: a row is live when publishedAt is set (Strapi v4 draftAndPublish). */
export const publishedAt = () => ({
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
});
