import { z } from 'zod';

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
      details: z.record(z.string(), z.unknown()),
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
