import type { Pagination } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

/** A generic route's list: `{data: [{id, attributes}], meta: {pagination}}`. */
export interface StrapiList<A> {
  data: { id: number; attributes: A }[];
  meta?: { pagination?: Pagination };
}

/** A populated to-one relation. */
export interface ToOne<A> {
  data: { id: number; attributes: A } | null;
}

/** A populated to-many relation. */
export interface ToMany<A> {
  data: { id: number; attributes: A }[];
}

/** A populated relation asked with `[count]=true`. */
export interface Counted {
  data: { attributes: { count: number } };
}

/** Entries a page of the screen's lists shows. */
export const CATALOGUE_PAGE_SIZE = 20;
/** The most a choice list reads per request (the API's largest page). */
const CHOICES_PAGE_SIZE = 100;
/** A choice list stops here: no university has this many campuses, nor a campus degrees. */
const CHOICES_MAX_PAGES = 10;

/** The pagination of a list, or one page holding what came when the API left it out. */
export function paginationOf(list: StrapiList<unknown>): Pagination {
  return (
    list.meta?.pagination ?? {
      page: 1,
      pageSize: list.data.length,
      pageCount: list.data.length === 0 ? 0 : 1,
      total: list.data.length,
    }
  );
}

/**
 * Every entry of a generic list, page after page (the choices of a form: the universities, a
 * university's campuses, a campus's degrees), as `{id, name}` sorted by name.
 */
export async function getAllNames(
  path: string,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ id: number; name: string }[]> {
  const names: { id: number; name: string }[] = [];
  for (let page = 1; page <= CHOICES_MAX_PAGES; page += 1) {
    const query = new URLSearchParams({
      ...params,
      'fields[0]': 'name',
      'sort[0]': 'name:asc',
      'pagination[page]': String(page),
      'pagination[pageSize]': String(CHOICES_PAGE_SIZE),
    });
    const list = await apiRequest<StrapiList<{ name: string }>>(`${path}?${query.toString()}`, {
      signal,
    });
    names.push(...list.data.map((entry) => ({ id: entry.id, name: entry.attributes.name })));
    if (paginationOf(list).pageCount <= page) break;
  }
  return names;
}
