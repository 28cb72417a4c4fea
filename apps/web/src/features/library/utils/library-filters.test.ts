import { describe, expect, it } from 'vitest';
import {
  countLibraryFilters,
  effectiveSort,
  emptyLibraryFilters,
  parseLibraryFilters,
  toggleLibraryFacet,
  toLibraryApiQuery,
  toLibrarySearchParams,
} from './library-filters';
import { libraryFacetOptions } from './facet-labels';

describe('parseLibraryFilters and toLibrarySearchParams', () => {
  it('a shared search URL reads back into the same URL (round trip, repeated facets kept)', () => {
    const url =
      'q=compostaje&year=2025&year=2024&degree=Grado+en+Biolog%C3%ADa&awarded=true&ods=12&ods=13&sort=newest&page=2';
    const filters = parseLibraryFilters(new URLSearchParams(url));
    expect(filters.q).toBe('compostaje');
    expect(filters.facets.year).toEqual(['2025', '2024']);
    expect(filters.facets.degree).toEqual(['Grado en Biología']);
    expect(filters.facets.ods).toEqual(['12', '13']);
    expect(filters.sort).toBe('newest');
    expect(filters.page).toBe(2);
    expect(toLibrarySearchParams(filters).toString()).toBe(url);
  });

  it('defaults are left out, so the plain library is /tfx', () => {
    expect(toLibrarySearchParams(emptyLibraryFilters()).toString()).toBe('');
  });

  it('malformed values are dropped instead of failing', () => {
    const filters = parseLibraryFilters(
      new URLSearchParams(
        'year=20x5&year=1200&ods=18&ods=4&ods=4&awarded=quizá&sort=random&page=-3&sector=',
      ),
    );
    expect(filters.facets.year).toEqual([]);
    expect(filters.facets.ods).toEqual(['4']);
    expect(filters.facets.awarded).toEqual([]);
    expect(filters.facets.sector).toEqual([]);
    expect(filters.sort).toBe('relevance');
    expect(filters.page).toBe(1);
  });

  it('without words the order is the newest first and the URL does not carry it', () => {
    const filters = parseLibraryFilters(new URLSearchParams('sort=newest&ods=3'));
    expect(effectiveSort(filters)).toBe('newest');
    expect(toLibrarySearchParams(filters).toString()).toBe('ods=3');
  });
});

describe('toLibraryApiQuery', () => {
  it('sends the repository, the order, the page and its size', () => {
    const filters = parseLibraryFilters(new URLSearchParams('q=agua&language=Inglés&page=3'));
    const platform = new URLSearchParams(toLibraryApiQuery(filters, 'platform'));
    expect(platform.has('external')).toBe(false);
    expect(platform.get('q')).toBe('agua');
    expect(platform.getAll('language')).toEqual(['Inglés']);
    expect(platform.get('sort')).toBe('relevance');
    expect(platform.get('page')).toBe('3');
    expect(platform.get('pageSize')).toBe('12');
    const external = new URLSearchParams(toLibraryApiQuery(emptyLibraryFilters(), 'external'));
    expect(external.get('external')).toBe('true');
    expect(external.get('sort')).toBe('newest');
  });
});

describe('toggleLibraryFacet and countLibraryFilters', () => {
  it('adds then removes a value, always back to page 1, and counts words and values', () => {
    const start = { ...emptyLibraryFilters(), q: 'huerto', page: 4 };
    const on = toggleLibraryFacet(start, 'sector', 'Educación');
    expect(on.facets.sector).toEqual(['Educación']);
    expect(on.page).toBe(1);
    expect(countLibraryFilters(on)).toBe(2);
    expect(toggleLibraryFacet(on, 'sector', 'Educación').facets.sector).toEqual([]);
  });
});

describe('libraryFacetOptions', () => {
  it('years newest first, ODS by number and name, the award as "Premiado" only', () => {
    expect(
      libraryFacetOptions(
        'year',
        [
          { value: 2023, count: 1 },
          { value: 2025, count: 4 },
        ],
        [],
      ).map((option) => option.label),
    ).toEqual(['2025', '2023']);
    expect(
      libraryFacetOptions(
        'ods',
        [
          { value: 13, count: 1 },
          { value: 4, count: 2 },
        ],
        [],
      ).map((option) => option.label),
    ).toEqual(['ODS 4: Educación de calidad', 'ODS 13: Acción por el clima']);
    expect(
      libraryFacetOptions(
        'awarded',
        [
          { value: true, count: 2 },
          { value: false, count: 9 },
        ],
        [],
      ),
    ).toEqual([{ value: 'true', count: 2, label: 'Premiado' }]);
  });

  it('a chosen value the counts no longer hold stays, without a count', () => {
    expect(libraryFacetOptions('sector', [], ['Cultura'])).toEqual([
      { value: 'Cultura', count: null, label: 'Cultura' },
    ]);
  });
});
