import type { GetOptions } from '../types';

/** Lower case without accents, for searching. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A static list served as pages, so long lists get the searchable combobox (10 a page, spec §9),
 * matched without regard to case or accents.
 */
export function localOptions(list: readonly string[], pageSize = 10): GetOptions {
  return ({ search, page }) => {
    const wanted = fold(search.trim());
    const matches = list.filter((entry) => wanted === '' || fold(entry).includes(wanted));
    const start = (page - 1) * pageSize;
    return Promise.resolve({
      options: matches.slice(start, start + pageSize),
      hasMore: matches.length > start + pageSize,
    });
  };
}
