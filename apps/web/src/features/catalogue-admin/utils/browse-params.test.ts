import { describe, expect, it } from 'vitest';
import { browseHref, readBrowseState } from './browse-params';

describe('where the admin is in the catalogue', () => {
  it('reads the URL, ignoring what is not an id or a page', () => {
    expect(readBrowseState(new URLSearchParams('universidad=3&q=%20murcia%20&page=2'))).toEqual({
      universityId: 3,
      campusId: null,
      q: 'murcia',
      page: 2,
    });
    expect(readBrowseState(new URLSearchParams('campus=abc&page=-4'))).toEqual({
      universityId: null,
      campusId: null,
      q: '',
      page: 1,
    });
  });

  it('writes a place: a campus needs no university, the first page and no search are left out', () => {
    expect(browseHref({ universityId: 3, campusId: 7, q: 'grado', page: 2 })).toBe(
      '?campus=7&q=grado&page=2',
    );
    expect(browseHref({ universityId: 3 })).toBe('?universidad=3');
    expect(browseHref({})).toBe('?');
  });
});
