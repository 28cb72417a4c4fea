import { describe, expect, it } from 'vitest';
import { apiQueryOf, filtersFromSearch, searchOf } from './outbox-query';

describe('outbox filters in the address', () => {
  it('reads the status, the recipient and the page, ignoring what it does not know', () => {
    expect(
      filtersFromSearch(new URLSearchParams('estado=failed&destinatario= ana@uni.es &pagina=3')),
    ).toEqual({ status: 'failed', recipient: 'ana@uni.es', page: 3 });
    expect(filtersFromSearch(new URLSearchParams('estado=enviado&pagina=-2'))).toEqual({
      status: null,
      recipient: '',
      page: 1,
    });
  });

  it('writes only the filters that say something, and the API query for them', () => {
    const filters = { status: 'pending' as const, recipient: 'ana', page: 1 };
    expect(searchOf(filters).toString()).toBe('estado=pending&destinatario=ana');
    expect(decodeURIComponent(apiQueryOf({ ...filters, page: 2 }, 25))).toBe(
      'pagination[page]=2&pagination[pageSize]=25&filters[status]=pending&filters[recipient][$containsi]=ana',
    );
  });
});
