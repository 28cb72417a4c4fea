import { describe, expect, it } from 'vitest';
import {
  clearResourceFilters,
  countActiveResourceFilters,
  parseResourceFilters,
  toResourceListQuery,
  toResourceSearchParams,
} from './resource-filters';

const parse = (query: string) => parseResourceFilters(new URLSearchParams(query));

describe('the resources list in the URL', () => {
  it('reads every filter, the order and the page', () => {
    expect(
      parse('tag=Voluntariado&purpose=Fomentar+el+voluntariado&stage=doing&sort=popular&page=3'),
    ).toEqual({
      tag: 'Voluntariado',
      purpose: 'Fomentar el voluntariado',
      stage: 'doing',
      sort: 'popular',
      page: 3,
    });
  });

  it('drops unknown stages, orders and bad pages instead of failing', () => {
    expect(parse('stage=graduated&sort=title&page=-2')).toEqual({
      tag: '',
      purpose: '',
      stage: null,
      sort: 'recent',
      page: 1,
    });
    expect(parse('page=1.5').page).toBe(1);
  });

  it('writes one canonical URL: defaults left out, fixed order', () => {
    expect(toResourceSearchParams(parse('page=1&sort=recent')).toString()).toBe('');
    expect(toResourceSearchParams(parse('sort=popular&stage=choosing&tag=Arte')).toString()).toBe(
      'tag=Arte&stage=choosing&sort=popular',
    );
  });

  it('asks the API for the filters set, 12 a page', () => {
    expect(toResourceListQuery(parse('stage=finished&page=2'))).toEqual({
      stage: 'finished',
      sort: 'recent',
      page: 2,
      pageSize: 12,
    });
  });

  it('counts and clears the filters, keeping the order', () => {
    const filters = parse('tag=Arte&stage=doing&sort=popular&page=4');
    expect(countActiveResourceFilters(filters)).toBe(2);
    expect(clearResourceFilters(filters)).toEqual({
      tag: '',
      purpose: '',
      stage: null,
      sort: 'popular',
      page: 1,
    });
  });
});
