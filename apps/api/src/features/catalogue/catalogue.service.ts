import { sql } from 'drizzle-orm';
import { OPTION_PAGE_SIZE, type NamesAnswer, type NamesQuery } from '@plataforma/shared';
import type { JsonText } from '../../lib/cache/serve-cached';
import { validationError } from '../../lib/errors';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/strapi/actor';
import { column } from '../../lib/strapi/compile';
import type { TableSink } from '../../lib/strapi/engine';

type NameFilter = NonNullable<NonNullable<NamesQuery['filters']>['name']>;

/**
 * Names of a catalogue for the comboboxes: `{data:[{id, attributes:{name}}], meta:{pagination}}`,
 * ten a page by default (spec §9), sorted by name. `filters[name][$contains]` is matched ignoring case and
 * accents ("murcia" finds "Universidad de Murcia", "cadiz" finds "Cádiz"), because that is what a
 * person typing in a search box means. Each name comes once within the filters, as its lowest id
 * (ADR 0031): a degree taught at four campuses is one option of a broad search, so pages hold ten
 * options and `total` counts names; filtered by one campus, the id is that campus's degree.
 */
export async function findNames(
  { entities }: AppContext,
  actor: Actor,
  { uid, query: { filters = {}, pagination } }: { uid: string; query: NamesQuery },
  tables?: TableSink,
): Promise<JsonText<NamesAnswer>> {
  const { name, ...rest } = filters;
  const { search, other } = splitNameFilter(name);
  const type = entities.type(uid);
  const parsed = entities.parser.parse(type, {
    filters: other === undefined ? rest : { ...rest, name: other },
    pagination: { pageSize: String(OPTION_PAGE_SIZE), ...pagination },
    fields: ['name'],
    sort: 'name:asc',
  });
  const pattern =
    search === undefined ? undefined : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return entities.findParsedJson(type, parsed, actor, {
    tables,
    extraCondition: pattern
      ? (alias) => sql`lower(unaccent(${column(alias, 'name')})) LIKE lower(unaccent(${pattern}))`
      : undefined,
    distinctOn: 'name',
  });
}

/** Takes the search text out of `filters[name]`; other operators on the name stay filters. */
function splitNameFilter(name: NameFilter | undefined): { search?: string; other?: unknown } {
  if (name === undefined) return {};
  const { $contains, $containsi, ...other } = typeof name === 'string' ? { $contains: name } : name;
  const text = ($contains ?? $containsi)?.trim();
  if (text?.includes('\0')) {
    throw validationError('Invalid value: NUL bytes are not allowed', ['filters', 'name']);
  }
  return {
    ...(text ? { search: text } : {}),
    ...(Object.keys(other).length > 0 ? { other } : {}),
  };
}
