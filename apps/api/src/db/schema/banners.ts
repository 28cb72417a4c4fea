import { BANNER_AUDIENCES, type BannerAudience } from '@plataforma/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, publishedAt, timestamps } from './columns';

/** Who a placement is for: visitors (signed out) or a profile type (packages/shared). */
export { BANNER_AUDIENCES, type BannerAudience };

/**
 * Where a banner shows: a path ("/projects", or "/projects/*" for a path and everything under
 * it) and, optionally, only to some audiences (empty: everyone). Spec §2 Banners: the student
 * banner shows on /estudiantes to everyone and on /projects to teachers only.
 */
export interface BannerPlacement {
  path: string;
  audiences: BannerAudience[];
}

/**
 * Campaign banners (spec §2 Banners, §9 Banner dates), scheduled by admins (ADR 0015): shown on
 * their placements while now is within [startsAt, endsAt]; no start means from publication.
 */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: varchar('title', { length: 120 }).notNull(),
    message: text('message').notNull(),
    linkUrl: varchar('link_url', { length: 1000 }),
    linkLabel: varchar('link_label', { length: 80 }),
    placements: jsonb('placements').$type<BannerPlacement[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...publishedAt(),
    ...timestamps(),
  },
  (t) => [
    index('banners_ends_at_idx').on(t.endsAt),
    check('banners_window_check', sql`${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    // A link needs its text, and a text without a link would lead nowhere.
    check('banners_link_check', sql`(${t.linkUrl} IS NULL) = (${t.linkLabel} IS NULL)`),
  ],
);
