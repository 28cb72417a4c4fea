import { sql, type SQL } from 'drizzle-orm';

/**
 * The pieces every text search shares (the library, the project catalogue; ADRs 0036 and 0038):
 * what a person typed as a Spanish full-text query, the words that must appear as typed, the
 * typo fallback's text, and snippets that are HTML with the words in `<mark>` and nothing else.
 */

/** At most this many words of a search are used. */
export const MAX_SEARCH_WORDS = 8;

/** The words of what a person typed, at most MAX_SEARCH_WORDS. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/**
 * Words made only of symbols ("%", "+", "#") have no lexeme, so full-text search would drop
 * them and a search for "% agua" would find every "agua": such a word must appear as typed.
 * The websearch operators themselves (a lone "-", quotes) are syntax, not words.
 */
export function symbolWords(words: readonly string[]): string[] {
  return words.filter((word) => !/[\p{L}\p{N}]/u.test(word) && !/^[-"]+$/.test(word));
}

/**
 * The query of what a person typed, in the websearch syntax ("a phrase", `or`, `-word`): every
 * word required, in Spanish without accents and stemmed ("proyectos" finds "proyecto").
 */
export const webQuery = (text: string) => sql`websearch_to_tsquery('public.es', ${text})`;

/**
 * Any of the words (none excluded with `-`), as websearch text: what a snippet highlights. A work
 * matches all of them, but each part of it (title, summary, document) may hold only some.
 */
export function anyWordText(words: readonly string[]): string {
  return words
    .filter((word) => !word.startsWith('-'))
    .map((word) => word.replace(/"/g, ''))
    .filter((word) => word && word.toLowerCase() !== 'or')
    .join(' or ');
}

/** A text lower-cased without accents, as the trigram indexes of the typo fallback hold it. */
export const trigramText = (text: SQL) => sql`lower(public.immutable_unaccent(${text}))`;

/**
 * The typo fallback (ADR 0038): the rows whose `text` (a `trigramText` with a trigram index)
 * holds, for each typed word of three characters or more, a similar word (pg_trgm's `<<%`:
 * strict_word_similarity of at least 0.5, so "evaluasion" finds "evaluación"), and how similar
 * they are on average. Excluded words (`-word`) and shorter ones (articles, prepositions) are left out;
 * with none left nothing matches.
 */
export function similarWords(words: readonly string[], text: SQL): { match: SQL; rank: SQL } {
  const wanted = words
    .filter((word) => !word.startsWith('-'))
    .map((word) => word.replace(/"/g, ''))
    .filter((word) => [...word].length >= 3 && word.toLowerCase() !== 'or');
  if (wanted.length === 0) return { match: sql`FALSE`, rank: sql`0::real` };
  const typed = wanted.map((word) => trigramText(sql`${word}::text`));
  return {
    match: sql.join(
      typed.map((word) => sql`${word} <<% ${text}`),
      sql` AND `,
    ),
    rank: sql`(${sql.join(
      typed.map((word) => sql`strict_word_similarity(${word}, ${text})`),
      sql` + `,
    )}) / ${sql.raw(String(wanted.length))}`,
  };
}

/** Text as HTML without markup of its own (`&`, `<`, `>`, `"` escaped). */
export const escapedHtml = (text: SQL) =>
  sql`replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;

/** ts_headline options: the whole text (a title) or its best passages (a summary, a document). */
export const HEADLINE = {
  whole: 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true',
  passage:
    'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "',
  document:
    'StartSel=<mark>, StopSel=</mark>, MaxWords=25, MinWords=10, ShortWord=3, MaxFragments=3, FragmentDelimiter=" … "',
} as const;

/**
 * The text escaped and with the query's words in `<mark>`, or NULL when none of them is in it.
 * Escaping first means the only tags an answer can hold are ts_headline's own `<mark>`.
 */
export function highlighted(text: SQL, query: SQL, options: keyof typeof HEADLINE): SQL {
  return sql`(SELECT CASE WHEN strpos(h.h, '<mark>') > 0 THEN h.h END
    FROM ts_headline('public.es', ${escapedHtml(text)}, ${query}, ${sql.raw(`'${HEADLINE[options]}'`)}) AS h(h))`;
}
