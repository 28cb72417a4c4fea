import { sql, type SQL } from 'drizzle-orm';
import type { FacetCount } from '@plataforma/shared';

/**
 * What the searches with facets share (the project catalogue, the library; ADRs 0027, 0038): a
 * facet's filter, and the counted rows turned into typed values, most frequent first.
 */

export type FacetValue = FacetCount['value'];

/** How a facet is stored: its SQL type, and one value per row or a list of them. */
export interface FacetStorage {
  cast: 'text' | 'int4' | 'bool';
  list: boolean;
}

/** The rows whose facet holds any of `values` (a list column: shares one); none given: no filter. */
export function facetCondition(
  facet: FacetStorage,
  value: SQL,
  values: readonly FacetValue[],
): SQL | undefined {
  if (values.length === 0) return undefined;
  const list = sql`${sql.param([...values])}::${sql.raw(facet.cast)}[]`;
  return facet.list ? sql`${value} && ${list}` : sql`${value} = ANY(${list})`;
}

/**
 * What a facet value is called in a search and in its count: the text PostgreSQL gives the
 * column's value (`::text`), so an in-memory answer names values exactly as the SQL one does.
 */
export function facetValueText(value: string | number | boolean): string {
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
}

/** Counted rows (`value` as text) to `{facet: [{value, count}]}`, typed, most frequent first. */
export function facetsOf<N extends string>(
  names: readonly N[],
  storage: Record<N, FacetStorage>,
  rows: readonly { facet: N; value: string; count: number }[],
): Record<N, FacetCount[]> {
  const facets = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<
    N,
    FacetCount[]
  >;
  for (const { facet, value, count } of rows) {
    const cast = storage[facet].cast;
    const typed: FacetValue =
      cast === 'int4' ? Number(value) : cast === 'bool' ? value === 'true' : value;
    facets[facet].push({ value: typed, count });
  }
  for (const name of names) {
    facets[name].sort(
      (a, b) =>
        b.count - a.count ||
        (typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value), 'es')),
    );
  }
  return facets;
}

/** A JSON column the statement rendered as text (`::text`); none: an empty list. */
export const jsonText = (value: unknown) => (typeof value === 'string' ? value : '[]');
