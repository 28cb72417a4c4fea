import { z } from 'zod';
import { BANNER_LIMITS } from '@plataforma/shared';
import { BANNER_AUDIENCES, banners } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !v.includes('\0'), 'must not contain NUL bytes');

/** A link inside the site ("/register?profile=student") or an http(s) address. */
const link = z
  .string()
  .trim()
  .max(BANNER_LIMITS.linkUrl)
  .regex(
    /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/,
    'must be an http(s) URL or a path starting with /',
  );

/**
 * A path the banner shows on: "/", "/estudiantes", or a prefix ending in "/*" ("/projects/*" is
 * /projects and every path under it). Letters, digits and - _ . ~ only, so it never needs escaping.
 */
const pathPattern = z
  .string()
  .trim()
  .max(BANNER_LIMITS.path)
  .regex(
    /^\/([A-Za-z0-9\-_.~]+(\/[A-Za-z0-9\-_.~]+)*)?(\/\*)?$/,
    'must be a path like /projects or /projects/*',
  );

const placement = z
  .object({
    path: pathPattern,
    audiences: z
      .array(z.enum(BANNER_AUDIENCES))
      .max(BANNER_AUDIENCES.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat an audience')
      .default([]),
  })
  .strict();

export const bannerPlacementsSchema = z
  .array(placement)
  .min(1, 'must have at least one placement')
  .max(BANNER_LIMITS.placements);

/**
 * Campaign banners (spec §2 Banners, ADR 0015): public reads of the published ones, admins write.
 * The database refuses a window whose end is not after its start and a link without its text
 * (CHECK constraints, answered as 400).
 */
export const bannerType = defineContentType({
  uid: 'api::banner.banner',
  singularName: 'banner',
  pluralName: 'banners',
  table: banners,
  draftAndPublish: true,
  validate: {
    title: text(BANNER_LIMITS.title),
    message: text(BANNER_LIMITS.message),
    linkUrl: link,
    linkLabel: text(BANNER_LIMITS.linkLabel),
  },
  components: {
    placements: {
      column: banners.placements,
      schema: bannerPlacementsSchema,
      repeatable: true,
    },
  },
});
