import { z } from 'zod';
import { apiErrorCodeSchema } from './error-codes';

/**
 * The Strapi v4 envelopes every answer of the API uses (ADR 0002): the error envelope, and the
 * pagination of lists.
 */

/** `{data: null, error: {status, name, message, details}}`: every failed request. */
export const strapiErrorSchema = z
  .object({
    data: z.null(),
    error: z.object({
      status: z.number().int(),
      name: z.string(),
      message: z.string(),
      details: z.object({ code: apiErrorCodeSchema.optional() }).catchall(z.unknown()),
    }),
  })
  .meta({ id: 'Error' });
export type StrapiError = z.infer<typeof strapiErrorSchema>;

/** `meta.pagination` of a page-based list. */
export const paginationSchema = z
  .object({
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'PagePagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** `filters` of a Strapi query: a filter object the engine compiles (ADR 0002). */
export const strapiFiltersSchema = z
  .record(z.string(), z.unknown())
  .describe('Strapi v4 filters, e.g. filters[name][$contains]=text');

/** Strapi v4's page size when none is asked for, and the most a page may hold (api.rest). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const count = (min: number) => z.coerce.number().int().min(min);

/** `pagination` of a Strapi query string (page or offset based; the engine refuses a mix). */
export const strapiPaginationQuerySchema = z.strictObject({
  page: count(1).optional(),
  pageSize: count(1).max(MAX_PAGE_SIZE).optional(),
  start: count(0).optional(),
  limit: count(1).max(MAX_PAGE_SIZE).optional(),
  withCount: z.enum(['true', 'false']).optional(),
});

/** A whole Strapi read query (`filters`, `populate`, `fields`, `sort`, `pagination`). */
export const strapiReadQuerySchema = z.strictObject({
  filters: strapiFiltersSchema.optional(),
  populate: z.unknown().optional().describe('Strapi v4 populate'),
  fields: z.union([z.string(), z.array(z.string())]).optional(),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  pagination: strapiPaginationQuerySchema.optional(),
  publicationState: z.enum(['live', 'preview']).optional(),
});

/** The query of a read or write of one entry: what to answer with it. */
export const strapiEntryQuerySchema = strapiReadQuerySchema.pick({
  populate: true,
  fields: true,
  publicationState: true,
});

/** `{data: [{id, attributes}], meta: {pagination}}` of a list whose entries are `attributes`. */
export const strapiListOf = <T extends z.ZodType>(attributes: T) =>
  z.object({
    data: z.array(z.object({ id: z.number().int(), attributes })),
    meta: z.object({ pagination: paginationSchema }),
  });

/** An entry's id in a path: a positive 32-bit integer. */
export const entryIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'Invalid id: expected a positive integer')
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

/** `:id` of an entry's path. */
export const idParamsSchema = z.strictObject({ id: entryIdSchema });

/** A to-many relation as a write sets it: a list of ids or `{connect, disconnect, set}`. */
export const relationManyInputSchema = z.union([
  z.array(z.number().int().min(1)),
  z.record(z.string(), z.unknown()),
]);
export type StrapiReadQuery = z.output<typeof strapiReadQuerySchema>;
export type StrapiEntryQuery = z.output<typeof strapiEntryQuerySchema>;
