import { z } from 'zod';
import { strapiFiltersSchema, strapiListOf, strapiPaginationQuerySchema } from './strapi';

/**
 * The option fetchers of the catalogue comboboxes (spec §7 "Catalogues", §9; ADR 0005):
 * `GET /api/universities/names`, `/api/campuses/names`, `/api/degree/names`.
 */

/** The name search: `filters[name][$contains]` ($containsi too), case and accents ignored. */
const nameFilter = z.union([
  z.string(),
  z
    .object({
      $contains: z.string().optional(),
      $containsi: z.string().optional(),
    })
    .catchall(z.unknown()),
]);

/** A filter on another field or relation (`filters[campuses][name][$eq]=...`, `filters[master]=true`). */
const relationFilter = z.union([z.string(), strapiFiltersSchema]).optional();

/** A parsed names query: the name search, the catalogue's other filters, the page. */
export interface NamesQuery {
  filters?: { name?: z.output<typeof nameFilter> } & Record<string, unknown>;
  pagination?: z.output<typeof strapiPaginationQuerySchema>;
}

/** The query of a names call: the name search plus the filters that catalogue allows. */
export const namesQuerySchema = (allowedFilters: readonly string[]): z.ZodType<NamesQuery> =>
  z.strictObject({
    filters: z
      .strictObject({
        name: nameFilter.optional(),
        ...Object.fromEntries(allowedFilters.map((key) => [key, relationFilter])),
      })
      .optional(),
    pagination: strapiPaginationQuerySchema.optional(),
  });

/** `{data: [{id, attributes: {name}}], meta: {pagination}}`, sorted by name. */
export const namesAnswerSchema = strapiListOf(z.object({ name: z.string() })).meta({
  id: 'NamesAnswer',
});
export type NamesAnswer = z.infer<typeof namesAnswerSchema>;
