import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  countActiveFilters,
  emptyFilters,
  parseFilters,
  toApiQuery,
  toggleFacetValue,
  toSearchParams,
} from './catalogue-filters';

describe('parseFilters and toSearchParams', () => {
  it('a shared search URL reads back into the same URL (round trip, repeated facets kept)', () => {
    const url =
      'q=agua&type=Impacto+social&ods=3&ods=6&presentiality=Remoto&remuneration=true&locality=Cartagena&sort=title&page=2';
    const filters = parseFilters(new URLSearchParams(url));
    expect(filters.q).toBe('agua');
    expect(filters.facets.ods).toEqual(['3', '6']);
    expect(filters.facets.remuneration).toEqual(['true']);
    expect(filters.sort).toBe('title');
    expect(filters.page).toBe(2);
    expect(toSearchParams(filters).toString()).toBe(url);
  });

  it('defaults are left out of the URL, so the plain catalogue is /projects', () => {
    expect(toSearchParams(emptyFilters()).toString()).toBe('');
  });

  it('malformed values are dropped instead of failing: bad ODS, yes/no, sort, page, duplicates', () => {
    const filters = parseFilters(
      new URLSearchParams('ods=18&ods=abc&ods=4&ods=4&internship=quizá&sort=random&page=-3&type='),
    );
    expect(filters.facets.ods).toEqual(['4']);
    expect(filters.facets.internship).toEqual([]);
    expect(filters.facets.type).toEqual([]);
    expect(filters.sort).toBe('recent');
    expect(filters.page).toBe(1);
  });
});

describe('toApiQuery', () => {
  it('sends the page and page size, and the status facet only for admins', () => {
    const filters = parseFilters(new URLSearchParams('status=Por+validar&type=TFG%2FTFM'));
    const visitor = new URLSearchParams(toApiQuery(filters, { isAdmin: false }));
    expect(visitor.has('status')).toBe(false);
    expect(visitor.get('type')).toBe('TFG/TFM');
    expect(visitor.get('page')).toBe('1');
    expect(visitor.get('pageSize')).toBe('12');
    const admin = new URLSearchParams(toApiQuery(filters, { isAdmin: true }));
    expect(admin.getAll('status')).toEqual(['Por validar']);
  });
});

describe('toggleFacetValue', () => {
  it('adds then removes a value and always goes back to page 1', () => {
    const start = { ...emptyFilters(), page: 3 };
    const on = toggleFacetValue(start, 'location', 'Murcia');
    expect(on.facets.location).toEqual(['Murcia']);
    expect(on.page).toBe(1);
    const off = toggleFacetValue({ ...on, page: 2 }, 'location', 'Murcia');
    expect(off.facets.location).toEqual([]);
    expect(off.page).toBe(1);
  });
});

describe('countActiveFilters and clearFilters', () => {
  it('counts text, locality and each facet value; clearing keeps the sort', () => {
    const filters = parseFilters(
      new URLSearchParams('q=web&ods=1&ods=2&locality=Lorca&sort=title'),
    );
    expect(countActiveFilters(filters)).toBe(4);
    const cleared = clearFilters(filters);
    expect(countActiveFilters(cleared)).toBe(0);
    expect(cleared.sort).toBe('title');
    expect(clearFilters({ ...filters, sort: 'relevance' }).sort).toBe('recent');
  });
});
