import { sql } from 'drizzle-orm';
import type { Principal } from '../../lib/strapi/actor';
import { column } from '../../lib/strapi/compile';
import type { EntityService, RawQuery, TableSink } from '../../lib/strapi/engine';
import { validationError } from '../../lib/errors';

/** Page size of the option fetchers of the dynamic comboboxes (spec §9). */
export const NAMES_PAGE_SIZE = 10;

interface NamesOptions {
  uid: string;
  /** Filters a client may add besides the name search (spec §7 Catalogues). */
  allowedFilters: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Names of a catalogue for the comboboxes: `{data:[{id, attributes:{name}}], meta:{pagination}}`,
 * ten a page by default, sorted by name. `filters[name][$contains]` is matched ignoring case and
 * accents ("murcia" finds "Universidad de Murcia", "cadiz" finds "Cádiz"), because that is what a
 * person typing in a search box means.
 */
export async function findNames(
  entities: EntityService,
  options: NamesOptions,
  raw: RawQuery,
  principal: Principal,
  tables?: TableSink,
): Promise<string> {
  for (const key of Object.keys(raw)) {
    if (key !== 'filters' && key !== 'pagination') {
      throw validationError(`Invalid query parameter "${key}". Allowed: filters, pagination`, [
        key,
      ]);
    }
  }
  const filters = raw.filters === undefined ? {} : raw.filters;
  if (!isPlainObject(filters))
    throw validationError('The filters parameter must be an object', ['filters']);
  const { name, ...rest } = filters;
  for (const key of Object.keys(rest)) {
    if (!options.allowedFilters.includes(key)) {
      throw validationError(
        `Invalid filter "${key}". Allowed: name, ${options.allowedFilters.join(', ')}`,
        ['filters', key],
      );
    }
  }
  const { search, other } = splitNameFilter(name);
  const pagination = isPlainObject(raw.pagination) ? raw.pagination : {};
  const type = entities.type(options.uid);
  const query = entities.parser.parse(type, {
    filters: other === undefined ? rest : { ...rest, name: other },
    pagination: { pageSize: String(NAMES_PAGE_SIZE), ...pagination },
    fields: ['name'],
    sort: 'name:asc',
  });
  const pattern =
    search === undefined ? undefined : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return entities.findParsedJson(type, query, principal, {
    tables,
    extraCondition: pattern
      ? (alias) => sql`lower(unaccent(${column(alias, 'name')})) LIKE lower(unaccent(${pattern}))`
      : undefined,
  });
}

/** Takes the search text out of `filters[name]`; other operators on the name stay filters. */
function splitNameFilter(name: unknown): { search?: string; other?: unknown } {
  if (name === undefined) return {};
  if (typeof name === 'string') return { search: name };
  if (!isPlainObject(name)) return { other: name };
  const { $contains, $containsi, ...other } = name;
  const text = $contains ?? $containsi;
  if (text !== undefined && typeof text !== 'string') {
    throw validationError('Invalid value for "filters.name": expected a text', ['filters', 'name']);
  }
  if (typeof text === 'string' && text.includes('\0')) {
    throw validationError('Invalid value: NUL bytes are not allowed', ['filters', 'name']);
  }
  const result: { search?: string; other?: unknown } = {};
  if (text !== undefined && text.trim() !== '') result.search = text.trim();
  if (Object.keys(other).length > 0) result.other = other;
  return result;
}
