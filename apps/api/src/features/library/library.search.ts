import { getTableName, sql, type SQL } from 'drizzle-orm';
import {
  TFX_FACETS,
  type TfxFacet,
  type TfxRelatedAnswer,
  type TfxSearchAnswer,
  type TfxSearchQuery,
} from '@plataforma/shared';
import { facetCondition, facetsOf, facetValueText, jsonText } from '../../lib/search-facets';
import { eachBit, emptyBits, hasBit, setBit } from '../../lib/bitset';
import type { AppContext } from '../../context';
import { tfxes, tfxSearch } from '../../db/schema';
import { executeRows, keptStatement } from '../../db/statements';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { JsonText } from '../../lib/cache/serve-cached';
import { principalKey, type TableSink } from '../../lib/strapi/engine';
import {
  anyWordText,
  highlighted,
  searchWords,
  similarWords,
  symbolWords,
  trigramText,
  webQuery,
} from '../../lib/text-search';
import { cardObject, t, tfxCardMembers } from './library.cards';
import { SINGLE_FACETS, type LiveWorks, type LiveWorksIndex } from './library.live';

/**
 * The library's search (`GET /api/tfxes/search`) and a work's related works, ADR 0038: Spanish
 * full-text search over the title (A), the summary and tags (B) and the PDF's text (C), ranked,
 * with snippets, facets counted over every filter but their own, and a typo fallback by trigram
 * similarity when the words match nothing.
 */

export const TFX_UID = 'api::tfx.tfx';

/**
 * At most this many matches of a lower tier (see searchTfxes) are ranked: their rank reads a
 * vector stored out of line. Beyond it, that tier comes newest first (ADR 0038, ADR 0043).
 */
const RANK_LIMIT = 1000;

/** A column of the search projection `tfx_search` aliased `s` (ADR 0043). */
const s = (column: string) => sql.raw(`"s"."${column}"`);

/** How each facet is read from the projection and filtered; the ODS are a bit mask there. */
const FACETS = {
  year: { value: s('year'), list: false, cast: 'int4' },
  degree: { value: s('degree_name'), list: false, cast: 'text' },
  study_area: { value: s('study_area'), list: false, cast: 'text' },
  sector: { value: s('sector'), list: false, cast: 'text' },
  language: { value: s('language'), list: false, cast: 'text' },
  awarded: { value: s('awarded'), list: false, cast: 'bool' },
  ods: { value: s('ods_mask'), list: true, cast: 'int4' },
} as const satisfies Record<
  TfxFacet,
  { value: SQL; list: boolean; cast: 'text' | 'int4' | 'bool' }
>;

/** The ODS a work may list (the check tfxes_ods_range); ODS k is bit k of `ods_mask`. */
const ODS_VALUES = Array.from({ length: 17 }, (_, i) => i + 1);

/** The works holding any of these ODS: one bit test of the mask. */
function odsCondition(mask: SQL, values: readonly number[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const wanted = values.reduce((bits, value) => bits | (1 << value), 0);
  return sql`(${mask} & ${sql.raw(String(wanted))}) <> 0`;
}

const TRUE = sql`TRUE`;
const andAll = (parts: SQL[]) => (parts.length === 0 ? TRUE : sql.join(parts, sql` AND `));
const column = (name: string) => sql.raw(`"${name}"`);

/**
 * The text the typo fallback compares, and its trigram index holds (migration 0015): the title
 * and tags, where the words people search are; a summary is five times longer to compare.
 */
const SIMILAR_TEXT = trigramText(
  sql`${t('title')} || ' ' || coalesce(public.text_array_to_string(${t('tags')}), '')`,
);
/** Everything a work says, for words that must appear as typed (symbols). */
const ALL_TEXT = sql`lower(${t('title')} || ' ' || coalesce(${t('summary')}, '') || ' ' || coalesce(public.text_array_to_string(${t('tags')}), '') || ' ' || coalesce(${t('document_text')}, ''))`;

/**
 * The works of the public library in the projection aliased `s`: published with their review
 * passed (`live`, which is what every role may find: the policy of `api::tfx.tfx`), of the
 * repository asked for (the platform's or the external one).
 */
const libraryWorks = (external: boolean) => sql`${s('live')} AND ${s('external')} = ${external}`;

/**
 * Where a work's PDF holds the words: its best passages, or NULL when the words are not in it.
 * ts_headline reads the whole text it is given (about 10 ms per 100,000 characters), so it reads
 * the document's beginning and, when the words come later, a window around their first
 * occurrence found with strpos (Spanish stems are prefixes of the unaccented words).
 */
function documentSnippet(words: string): SQL {
  const text = s('document_text');
  const query = webQuery(words);
  return sql`CASE WHEN ts_filter(${s('vector')}, '{c}') @@ ${query} THEN coalesce(
      ${highlighted(sql`left(${text}, 20000)`, query, 'document')},
      (SELECT ${highlighted(sql`substr(${text}, greatest(1, w.at - 1000), 3000)`, query, 'document')}
         FROM (SELECT min(nullif(strpos(d.plain, l), 0)) AS at
                 FROM (SELECT lower(public.immutable_unaccent(${text})) AS plain) d,
                      unnest(tsvector_to_array(to_tsvector('public.es', ${words}::text))) AS l) w
        WHERE w.at IS NOT NULL)) END`;
}

/** What a search reads: the database, the access policy and the live works in memory. */
export type LibrarySearchContext = Pick<AppContext, 'db' | 'entities'> & {
  readonly liveWorks?: LiveWorksIndex;
};

/**
 * `GET /api/tfxes/search`: the published works matching every filter, a page of them and the
 * facets. A repeated parameter matches any of its values; different parameters must all match.
 * With `q`, the works holding every word (websearch syntax: "a phrase", `or`, `-word`); when none
 * does, those whose title or tags hold similar words (`meta.fallback`).
 *
 * Matches are read from the narrow projection `tfx_search` (ADR 0043) and ranked in tiers, as the
 * weights say: the words in the title (ranked by the title, read in the row), then in the title,
 * summary and tags together, then only with the PDF's text; a lower tier is ranked by its vector
 * only when the page reaches it and it holds at most RANK_LIMIT works, else newest first.
 *
 * Each API process keeps the live works in memory (ADR 0071): PostgreSQL then answers only the
 * works holding the words and the page's cards. While the change feed is down, PostgreSQL answers
 * alone; both ways give the same answer.
 */
export async function searchTfxes(
  ctx: LibrarySearchContext,
  actor: Actor,
  query: TfxSearchQuery,
  tables?: TableSink,
): Promise<JsonText<TfxSearchAnswer>> {
  tables?.add(getTableName(tfxSearch));
  const live = await ctx.liveWorks?.current();
  const { data, meta } = live
    ? await searchInMemory(ctx, live, actor, query, tables)
    : await searchInDatabase(ctx, actor, query, tables);
  // The cards are the JSON text PostgreSQL rendered: spliced in, not parsed and written again.
  return `{"data":${data},"meta":${JSON.stringify(meta)}}`;
}

/** A search's answer with its cards as the JSON text PostgreSQL rendered. */
interface SearchText {
  data: string;
  meta: TfxSearchAnswer['meta'];
}

/** The facet filters the query asks for, each as its condition on the projection `s`. */
function facetFiltersOf(query: TfxSearchQuery): Map<TfxFacet, SQL> {
  const filters = new Map<TfxFacet, SQL>();
  for (const name of TFX_FACETS) {
    const condition =
      name === 'ods'
        ? odsCondition(FACETS.ods.value, query.ods)
        : facetCondition(FACETS[name], FACETS[name].value, query[name]);
    if (condition) filters.set(name, condition);
  }
  return filters;
}

/**
 * What every match meets besides its words and facets: a live work of the repository asked for,
 * holding as typed the words that must appear so (symbols).
 */
function baseConditions(query: TfxSearchQuery, words: readonly string[]): SQL[] {
  const base = [libraryWorks(query.external)];
  const symbols = symbolWords(words);
  if (symbols.length > 0) {
    base.push(
      sql`EXISTS (SELECT 1 FROM ${tfxes} "t" WHERE "t"."id" = ${s('id')} AND ${andAll(
        symbols.map((word) => sql`strpos(${ALL_TEXT}, lower(${word})) > 0`),
      )})`,
    );
  }
  return base;
}

/**
 * The works of the page as cards (JSON text), read whole only here and still through the access
 * policy: `page` is a relation aliased "page" with the works' "id", in the order `order` says.
 */
function pageCards(
  ctx: Pick<AppContext, 'entities'>,
  actor: Actor,
  words: readonly string[],
  tables: TableSink | undefined,
  page: SQL,
  order: SQL,
): SQL {
  const anyWord = anyWordText(words);
  const snippets =
    words.length > 0
      ? sql`json_build_object(
        'title', ${highlighted(t('title'), webQuery(anyWord), 'whole')},
        'summary', ${highlighted(sql`coalesce(${t('summary')}, '')`, webQuery(anyWord), 'passage')},
        'document', ${documentSnippet(anyWord)})`
      : undefined;
  const card = cardObject(tfxCardMembers(actor, tables, snippets));
  return sql`SELECT coalesce(json_agg(json_build_object('id', "t"."id", 'attributes', ${card}) ORDER BY ${order}), '[]'::json)::text
         FROM ${page} JOIN ${tfxes} "t" ON "t"."id" = "page"."id"
         JOIN ${tfxSearch} "s" ON ${s('id')} = "page"."id"
         WHERE ${ctx.entities.where(TFX_UID, actor, 't', { visible: 'live' }, tables)}`;
}

/** The search answered by PostgreSQL alone (ADR 0043). */
async function searchInDatabase(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  query: TfxSearchQuery,
  tables?: TableSink,
): Promise<SearchText> {
  const words = searchWords(query.q);
  const hasText = words.length > 0;
  const base = baseConditions(query, words);
  const facetFilters = facetFiltersOf(query);
  // Every matching work is read once into a materialised CTE with its facet values and a flag
  // per facet filter: the page and the total need every flag, each facet every flag but its own.
  const flags = [...facetFilters.keys()];
  const flag = (name: TfxFacet) => column(`f_${name}`);
  const allFlags = andAll(flags.map(flag));
  const ranked = hasText && query.sort === 'relevance';
  const typed = words.join(' ');
  // The query is read from a CTE: the planner then cannot estimate how many works a common word
  // matches and always finds them through the GIN index. Knowing that a word is in a fifth of the
  // library, it would read the whole table instead, unpacking every work's vector to test it.
  const tsQuery = sql`(SELECT "q" FROM "query")`;
  const similar = similarWords(words, SIMILAR_TEXT);
  const columns = (rank: SQL) => sql`${s('id')} AS "id",
    ${sql.join(
      TFX_FACETS.map((name) => sql`${FACETS[name].value} AS ${column(`v_${name}`)}`),
      sql`, `,
    )},
    ${s('tfx_date')} AS "d", ${rank} AS "r"${sql.join(
      [...facetFilters].map(([name, condition]) => sql`, ${condition} AS ${flag(name)}`),
      sql``,
    )}`;
  // The first tier's rank: the title holds every word. Computed only for the works the page may
  // show (every facet filter passed); NULL for the others.
  const titleRank = sql`CASE WHEN ${andAll([...facetFilters.values()])} AND ${s('title_vector')} @@ ${tsQuery}
      THEN ts_rank_cd(${s('title_vector')}, ${tsQuery}) END`;
  const ctes = hasText
    ? sql`"query" AS MATERIALIZED (SELECT ${webQuery(typed)} AS "q"),
      "hits" AS MATERIALIZED (
        SELECT ${columns(ranked ? titleRank : sql`NULL::real`)}
        FROM ${tfxSearch} "s" WHERE ${andAll(base)} AND ${s('vector')} @@ ${tsQuery}),
      "near" AS MATERIALIZED (
        SELECT ${columns(ranked ? similar.rank : sql`NULL::real`)}
        FROM ${tfxes} "t"
          -- Each similar work's projection row by its key: the planner, overestimating how many
          -- works a trigram search finds, would otherwise read the whole projection to join them.
          CROSS JOIN LATERAL (SELECT * FROM ${tfxSearch} "s" WHERE ${s('id')} = "t"."id" OFFSET 0) "s"
        WHERE NOT EXISTS (SELECT 1 FROM "hits") AND ${andAll(base)} AND ${similar.match}),
      "head" AS MATERIALIZED (
        SELECT ${s('id')} AS "id" FROM ${tfxSearch} "s"
        WHERE ${andAll(base)} AND ${s('head_vector')} @@ ${tsQuery}),
      "m" AS MATERIALIZED (SELECT * FROM "hits" UNION ALL SELECT * FROM "near")`
    : sql`"m" AS MATERIALIZED (SELECT ${columns(sql`NULL::real`)} FROM ${tfxSearch} "s" WHERE ${andAll(base)})`;
  // The matching works: the hits, or the similar ones; copied once so that the passes below (the
  // page, the tiers, the facets) each read one table rather than a union.
  const m = sql`"m"`;

  const newest = sql`"d" DESC NULLS LAST, "id" DESC`;
  const offset = (query.page - 1) * query.pageSize;
  const needed = offset + query.pageSize;
  const limit = sql`LIMIT ${query.pageSize} OFFSET ${offset}`;
  // The lower tiers (a rank of NULL): the title, summary and tags hold the words (head), or only
  // the whole work with its PDF's text does. They are read only when the tiers above hold fewer
  // works than the page needs: conditions without a row's column are checked once, before the
  // tier is read, and a CASE evaluates its branches in order.
  const rankIn = (vector: string, count: SQL) =>
    sql`CASE WHEN ${count} <= ${RANK_LIMIT}
      THEN (SELECT ts_rank_cd(${s(vector)}, ${tsQuery}) FROM ${tfxSearch} "s" WHERE ${s('id')} = "l"."id")
      ELSE 0 END`;
  const firstCount = sql`(SELECT "n" FROM "first")`;
  const secondCount = sql`(SELECT count(*) FROM "lower" WHERE "head")`;
  const thirdCount = sql`(SELECT count(*) FROM "lower" WHERE NOT "head")`;
  const tiers = ranked
    ? sql`, "first" AS MATERIALIZED (SELECT count(*) AS "n" FROM ${m} "h" WHERE ${allFlags} AND "h"."r" IS NOT NULL),
      "lower" AS MATERIALIZED (
        SELECT "h"."id", "h"."d", "h"."id" IN (SELECT "id" FROM "head") AS "head"
        FROM "m" "h" WHERE "h"."r" IS NULL AND ${allFlags})`
    : sql``;
  const page = ranked
    ? sql`SELECT "id", "tier", "score", "d" FROM (
          SELECT "h"."id", 1 AS "tier", "h"."r" AS "score", "h"."d" FROM ${m} "h"
          WHERE ${allFlags} AND "h"."r" IS NOT NULL
          UNION ALL
          SELECT "l"."id", 2, ${rankIn('head_vector', secondCount)}, "l"."d" FROM "lower" "l"
          WHERE (CASE WHEN ${firstCount} < ${needed} THEN true ELSE false END) AND "l"."head"
          UNION ALL
          SELECT "l"."id", 3, ${rankIn('vector', thirdCount)}, "l"."d" FROM "lower" "l"
          WHERE (CASE WHEN ${firstCount} >= ${needed} THEN false
            ELSE ${firstCount} + ${secondCount} < ${needed} END) AND NOT "l"."head"
        ) "ranked" ORDER BY "tier", "score" DESC, ${newest} ${limit}`
    : sql`SELECT "id", 1 AS "tier", 0 AS "score", "d" FROM ${m} "m" WHERE ${allFlags} ORDER BY ${newest} ${limit}`;
  const pageOrder = sql`"page"."tier", "page"."score" DESC, "page"."d" DESC NULLS LAST, "page"."id" DESC`;

  const facets = facetCounts(m, flags, flag);
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${ctes}${tiers}
    SELECT
      ${hasText ? sql`NOT EXISTS (SELECT 1 FROM "hits")` : sql`false`} AS "fallback",
      (${pageCards(ctx, actor, words, tables, sql`(${page}) "page"`, pageOrder)}) AS "data",
      (SELECT coalesce(json_agg("f"), '[]'::json)::text FROM (${facets}) "f") AS "facets"`,
    // The words are read from a CTE and the facet values are filters on few distinct values:
    // no parameter changes the best plan, so it is made once (ADR 0043).
    { plan: 'generic' },
  );
  const counted = JSON.parse(jsonText(row?.facets)) as {
    facet: TfxFacet | typeof TOTAL;
    value: string;
    count: number;
  }[];
  const total = counted.find((entry) => entry.facet === TOTAL)?.count ?? 0;
  return {
    data: jsonText(row?.data),
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        total,
      },
      facets: facetsOf(
        TFX_FACETS,
        FACETS,
        counted.filter(
          (entry): entry is typeof entry & { facet: TfxFacet } => entry.facet !== TOTAL,
        ),
      ),
      fallback: row?.fallback === true,
    },
  };
}

/** A match of a lower tier and its score, as `lowerTiers` answers them. */
interface TierScore {
  position: number;
  tier: number;
  score: number;
}

/**
 * The search answered from the live works in memory (ADR 0071), the same answer as
 * searchInDatabase's: PostgreSQL finds the works holding the words (with their title's rank when
 * the order is by relevance), the lower tiers' ranks when the page reaches them, and the page's
 * cards. The facet filters, their exact counts, the total and the order are worked out here.
 */
async function searchInMemory(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  live: LiveWorks,
  actor: Actor,
  query: TfxSearchQuery,
  tables: TableSink | undefined,
): Promise<SearchText> {
  const words = searchWords(query.q);
  const ranked = words.length > 0 && query.sort === 'relevance';
  const repository = live.repositories[query.external ? 1 : 0];
  let matches = repository;
  /**
   * The title's rank (the first tier) by position, NaN for none; the similar works' rank in a
   * fallback. PostgreSQL's ranks are `real`, which a Float32Array holds exactly.
   */
  const rank = new Float32Array(ranked ? live.size : 0).fill(Number.NaN);
  let fallback = false;
  if (words.length > 0) {
    const found = await matchingWorks(ctx, query, words, ranked);
    fallback = found.fallback;
    matches = emptyBits(live.size);
    const ranks = found.ranks?.split(',');
    eachId(found.ids, (id, i) => {
      const position = live.positionOf(id);
      // A work that became live after this copy was read is in the next copy.
      if (position < 0 || !hasBit(repository, position)) return;
      setBit(matches, position);
      const text = ranks?.[i];
      if (text) rank[position] = Number(text);
    });
  }

  // Each facet filter is a bit of `fails`: a work counts for a facet when it passes every filter
  // but that facet's own, and is in the page and the total when it passes them all.
  const facetCount = SINGLE_FACETS.length;
  const codes = SINGLE_FACETS.map((name) => live.facets[name].codes);
  const wanted = SINGLE_FACETS.map((name) => {
    const values = query[name];
    if (values.length === 0) return undefined;
    const column = live.facets[name];
    const codesWanted = new Uint8Array(column.names.length);
    for (const value of values) {
      const code = column.codeOf.get(facetValueText(value));
      if (code !== undefined) codesWanted[code] = 1;
    }
    return codesWanted;
  });
  const odsBit = 1 << facetCount;
  const odsWanted = query.ods.reduce((bits, value) => bits | (1 << value), 0);
  const counts = SINGLE_FACETS.map((name) => new Int32Array(live.facets[name].names.length));
  const odsCounts = new Int32Array(ODS_VALUES.length + 1);
  const passing: number[] = [];
  eachBit(matches, (position) => {
    let fails = 0;
    for (let f = 0; f < facetCount; f++) {
      const accepted = wanted[f];
      if (accepted === undefined) continue;
      const code = codes[f]![position]!;
      if (code < 0 || accepted[code] === 0) fails |= 1 << f;
    }
    const mask = live.odsMasks[position]!;
    if (odsWanted !== 0 && (mask & odsWanted) === 0) fails |= odsBit;
    if (fails === 0) passing.push(position);
    for (let f = 0; f < facetCount; f++) {
      if ((fails & ~(1 << f)) !== 0) continue;
      const code = codes[f]![position]!;
      if (code >= 0) counts[f]![code]! += 1;
    }
    if ((fails & ~odsBit) === 0 && mask !== 0) {
      for (const value of ODS_VALUES) if ((mask & (1 << value)) !== 0) odsCounts[value]! += 1;
    }
  });
  const counted: { facet: TfxFacet; value: string; count: number }[] = [];
  SINGLE_FACETS.forEach((name, f) => {
    live.facets[name].names.forEach((value, code) => {
      const count = counts[f]![code]!;
      if (count > 0) counted.push({ facet: name, value, count });
    });
  });
  for (const value of ODS_VALUES) {
    const count = odsCounts[value]!;
    if (count > 0) counted.push({ facet: 'ods', value: String(value), count });
  }

  const offset = (query.page - 1) * query.pageSize;
  const needed = offset + query.pageSize;
  let ordered = passing;
  if (ranked) {
    // Newest first among equals: positions ascend from the newest work.
    const first = passing
      .filter((position) => !Number.isNaN(rank[position]))
      .sort((a, b) => rank[b]! - rank[a]! || a - b);
    ordered = first;
    if (first.length < needed) {
      const lower = passing.filter((position) => Number.isNaN(rank[position]));
      const scored = await lowerTiers(ctx, live, query, words, lower, first.length, needed);
      scored.sort((a, b) => a.tier - b.tier || b.score - a.score || a.position - b.position);
      ordered = first.concat(scored.map((entry) => entry.position));
    }
  }
  const page = ordered.slice(offset, needed).map((position) => live.ids[position]!);
  const data = page.length > 0 ? await cardsOf(ctx, actor, words, tables, page) : '[]';
  const total = passing.length;
  return {
    data,
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        total,
      },
      facets: facetsOf(TFX_FACETS, FACETS, counted),
      fallback,
    },
  };
}

/** Calls `visit` with each id of a comma-separated list and its index, read without splitting. */
function eachId(list: string, visit: (id: number, index: number) => void): void {
  let id = 0;
  let index = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list.charCodeAt(i);
    if (char === 44) {
      visit(id, index++);
      id = 0;
    } else id = id * 10 + (char - 48);
  }
  if (list.length > 0) visit(id, index);
}

/** Placeholders of the kept card statements (cardsOf), replaced at each run. */
const PAGE_IDS: number[] = [];
const PAGE_WORDS = '\u0000words';
/** How many card statements are kept: one per reader and kind of search, the oldest dropped. */
const CARDS_KEPT = 500;
const keptCards = new Map<string, { statement: SQL; tables: string[] }>();

/**
 * The page's cards, in its order (JSON text). Their statement depends only on the reader and on
 * whether there are words, so it is built once for each and kept (building it cost more than a
 * third of the API's time for a search, ADR 0071); the ids and the words are its parameters.
 */
async function cardsOf(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  words: readonly string[],
  tables: TableSink | undefined,
  page: number[],
): Promise<string> {
  const key = `${principalKey(actor)}\u0000${words.length > 0}`;
  let kept = keptCards.get(key);
  if (kept) {
    keptCards.delete(key);
  } else {
    const read = new Set<string>();
    const statement = sql`SELECT (${pageCards(
      ctx,
      actor,
      words.length > 0 ? [PAGE_WORDS] : [],
      read,
      sql`unnest(${sql.param(PAGE_IDS)}::int4[]) WITH ORDINALITY AS "page"("id", "n")`,
      sql`"page"."n"`,
    )}) AS "data"`;
    kept = { statement: keptStatement(statement), tables: [...read] };
    if (keptCards.size >= CARDS_KEPT) keptCards.delete(keptCards.keys().next().value!);
  }
  keptCards.set(key, kept);
  for (const table of kept.tables) tables?.add(table);
  const [row] = await executeRows(ctx.db, kept.statement, {
    plan: 'generic',
    substitute: new Map<unknown, unknown>([
      [PAGE_IDS, page],
      [PAGE_WORDS, anyWordText(words)],
    ]),
  });
  return jsonText(row?.data);
}

/**
 * The works holding the words (`ids`, comma-separated) and, when `ranked`, their title's rank in
 * the same order (`ranks`, empty for none); when no work holds them, the works whose title or
 * tags hold similar words (`fallback`) with their similarity.
 */
async function matchingWorks(
  ctx: Pick<AppContext, 'db'>,
  query: TfxSearchQuery,
  words: readonly string[],
  ranked: boolean,
): Promise<{ fallback: boolean; ids: string; ranks: string | undefined }> {
  const base = andAll(baseConditions(query, words));
  const tsQuery = sql`(SELECT "q" FROM "query")`;
  const similar = similarWords(words, SIMILAR_TEXT);
  // Ranked only for the works the page may show (every facet filter passed, as in
  // searchInDatabase): a rank costs a test and a ranking of the title per work.
  const titleRank = sql`CASE WHEN ${andAll([...facetFiltersOf(query).values()])} AND ${s('title_vector')} @@ ${tsQuery}
      THEN ts_rank_cd(${s('title_vector')}, ${tsQuery}) END`;
  const [row] = await executeRows(
    ctx.db,
    sql`WITH "query" AS MATERIALIZED (SELECT ${webQuery(words.join(' '))} AS "q"),
      "hits" AS MATERIALIZED (
        SELECT ${s('id')} AS "id", ${ranked ? titleRank : sql`NULL::real`} AS "r"
        FROM ${tfxSearch} "s" WHERE ${base} AND ${s('vector')} @@ ${tsQuery}),
      "near" AS MATERIALIZED (
        SELECT ${s('id')} AS "id", ${ranked ? similar.rank : sql`NULL::real`} AS "r"
        FROM ${tfxes} "t"
          CROSS JOIN LATERAL (SELECT * FROM ${tfxSearch} "s" WHERE ${s('id')} = "t"."id" OFFSET 0) "s"
        WHERE NOT EXISTS (SELECT 1 FROM "hits") AND ${base} AND ${similar.match})
    SELECT NOT EXISTS (SELECT 1 FROM "hits") AS "fallback", "m".*
    FROM (SELECT string_agg("id"::text, ',') AS "ids",
            ${ranked ? sql`string_agg(coalesce("r"::text, ''), ',')` : sql`NULL::text`} AS "ranks"
          FROM (SELECT * FROM "hits" UNION ALL SELECT * FROM "near") "u") "m"`,
    { plan: 'generic' },
  );
  return {
    fallback: row?.fallback === true,
    ids: typeof row?.ids === 'string' ? row.ids : '',
    ranks: typeof row?.ranks === 'string' ? row.ranks : undefined,
  };
}

/**
 * The lower tiers of a page by relevance (see searchInDatabase): of the matches without the
 * words in their title (`lower`, positions), those holding them in the title, summary and tags
 * (tier 2), and, when the page reaches past them, the others (tier 3), each ranked by its vector
 * when it holds at most RANK_LIMIT works, else 0 (newest first).
 */
async function lowerTiers(
  ctx: Pick<AppContext, 'db'>,
  live: LiveWorks,
  query: TfxSearchQuery,
  words: readonly string[],
  lower: readonly number[],
  firstCount: number,
  needed: number,
): Promise<TierScore[]> {
  if (lower.length === 0) return [];
  const tsQuery = sql`(SELECT "q" FROM "query")`;
  const rankIn = (vector: string, count: SQL) =>
    sql`CASE WHEN ${count} <= ${RANK_LIMIT}
      THEN (SELECT ts_rank_cd(${s(vector)}, ${tsQuery}) FROM ${tfxSearch} "s" WHERE ${s('id')} = "l"."id")
      ELSE 0 END`;
  const secondCount = sql`(SELECT count(*) FROM "lower" WHERE "head")`;
  const thirdCount = sql`(SELECT count(*) FROM "lower" WHERE NOT "head")`;
  const ids = lower.map((position) => live.ids[position]!);
  const [row] = await executeRows(
    ctx.db,
    sql`WITH "query" AS MATERIALIZED (SELECT ${webQuery(words.join(' '))} AS "q"),
      "head" AS MATERIALIZED (
        SELECT ${s('id')} AS "id" FROM ${tfxSearch} "s"
        WHERE ${andAll(baseConditions(query, words))} AND ${s('head_vector')} @@ ${tsQuery}),
      "lower" AS MATERIALIZED (
        SELECT "l"."id", "l"."id" IN (SELECT "id" FROM "head") AS "head"
        FROM unnest(${sql.param(ids)}::int4[]) AS "l"("id"))
    SELECT string_agg("x"."id"::text || ':' || "x"."tier" || ':' || "x"."score"::text, ',') AS "scores"
    FROM (
      SELECT "l"."id", 2 AS "tier", ${rankIn('head_vector', secondCount)} AS "score"
      FROM "lower" "l" WHERE "l"."head"
      UNION ALL
      SELECT "l"."id", 3, ${rankIn('vector', thirdCount)} FROM "lower" "l"
      WHERE NOT "l"."head" AND ${firstCount}::int8 + ${secondCount} < ${needed}::int8) "x"`,
    { plan: 'generic' },
  );
  if (typeof row?.scores !== 'string') return [];
  return row.scores.split(',').map((entry) => {
    const [id, tier, score] = entry.split(':') as [string, string, string];
    return { position: live.positionOf(Number(id)), tier: Number(tier), score: Number(score) };
  });
}

/** The facet row that carries the number of matching works (the page's total). */
const TOTAL = '*total';

/**
 * The facet counts over the matching works `m`, and their total (a row of facet TOTAL): the
 * facets of one value and the total in one pass (grouping sets), the ODS by bit tests of the
 * few distinct masks the works have (counted first). Each facet is counted over the works that pass every facet filter but its own, the
 * total over all.
 */
function facetCounts(m: SQL, flags: readonly TfxFacet[], flag: (name: TfxFacet) => SQL): SQL {
  const counters = new Map<string, { alias: SQL; count: SQL }>();
  /** A count over the works passing these filters, computed once whoever needs it. */
  const counterOf = (filters: readonly TfxFacet[]) => {
    const key = filters.join(',');
    let counter = counters.get(key);
    if (!counter) {
      counter = {
        alias: column(`c${counters.size}`),
        count:
          filters.length === 0
            ? sql`count(*)`
            : sql`count(*) FILTER (WHERE ${andAll(filters.map(flag))})`,
      };
      counters.set(key, counter);
    }
    return counter.alias;
  };
  const countFor = (name: TfxFacet) => counterOf(flags.filter((other) => other !== name));
  const single = TFX_FACETS.filter((name) => !FACETS[name].list);
  // The grand total's row is the one grouped by none of the facets.
  const pick = (then: (name: TfxFacet) => SQL, total: SQL) =>
    sql`CASE ${sql.join(
      single.map((name) => sql`WHEN ${column(`g_${name}`)} = 0 THEN ${then(name)}`),
      sql` `,
    )} ELSE ${total} END`;
  // Every counter exists before the grouping statement lists them.
  for (const name of single) countFor(name);
  const total = counterOf(flags);
  const grouped = sql`SELECT ${sql.join(
    single.map((name) => column(`v_${name}`)),
    sql`, `,
  )}, ${sql.join(
    single.map((name) => sql`GROUPING(${column(`v_${name}`)}) AS ${column(`g_${name}`)}`),
    sql`, `,
  )}, ${sql.join(
    [...counters.values()].map(({ alias, count }) => sql`${count} AS ${alias}`),
    sql`, `,
  )}
    FROM ${m} "m" GROUP BY GROUPING SETS (${sql.join(
      single.map((name) => sql`(${column(`v_${name}`)})`),
      sql`, `,
    )}, ())`;
  const ods = flags.filter((other) => other !== 'ods');
  return sql`SELECT "facet", "value", "count" FROM (
      SELECT ${pick((name) => sql.raw(`'${name}'`), sql.raw(`'${TOTAL}'`))} AS "facet",
             ${pick((name) => sql`${column(`v_${name}`)}::text`, sql`''`)} AS "value",
             ${pick((name) => countFor(name), total)}::int AS "count"
      FROM (${grouped}) "g") "f"
    WHERE "value" IS NOT NULL AND ("count" > 0 OR "facet" = ${TOTAL})
    UNION ALL
    SELECT 'ods', "u"."v"::text, "u"."count"::int
    FROM (SELECT ARRAY[${sql.join(
      ODS_VALUES.map((value) =>
        sql.raw(`coalesce(sum("n") FILTER (WHERE ("v_ods" & ${1 << value}) <> 0), 0)`),
      ),
      sql`, `,
    )}] AS "counts"
      FROM (SELECT "v_ods", count(*) AS "n" FROM ${m} "m" WHERE ${andAll(ods.map(flag))} GROUP BY "v_ods") "masks"
    ) AS "o",
      unnest("o"."counts") WITH ORDINALITY AS "u"("count", "v")
    WHERE "u"."count" > 0`;
}

/** How many related works a work's page shows. */
const RELATED_COUNT = 4;

/**
 * `GET /api/tfxes/:id/related`: up to four other published works of the same repository, the
 * closest first: shared tags, the same sector, the same degree, and the words of the title in
 * theirs (title, summary, tags). 404 when the caller may not see the work.
 */
export async function findRelatedTfxes(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  id: number,
  tables?: TableSink,
): Promise<TfxRelatedAnswer> {
  const [source] = await executeRows(
    ctx.db,
    sql`SELECT "t"."id", "t"."external" FROM ${tfxes} "t"
        WHERE "t"."id" = ${id} AND ${ctx.entities.where(TFX_UID, actor, 't', { visible: 'preview' }, tables)}`,
  );
  if (!source) throw notFound();
  const src = (name: string) => sql.raw(`"src"."${name}"`);
  // The other works are found through the indexes: those sharing a tag, and those holding two
  // of the title's words (any one word would find most of the library). They are scored by the
  // title's words in their title, summary and tags (the projection's head vector, ADR 0043).
  const lexemes = sql`"l" AS (SELECT unnest(tsvector_to_array(to_tsvector('public.es', "t"."title"))) AS "l"
      FROM ${tfxes} "t" WHERE "t"."id" = ${id})`;
  const anyLexeme = sql`(SELECT to_tsquery('public.es', string_agg(quote_literal("l"), ' | ')) FROM "l")`;
  const twoLexemes = sql`(SELECT to_tsquery('public.es', coalesce(
      string_agg('(' || quote_literal(a."l") || ' & ' || quote_literal(b."l") || ')', ' | '), ${anyLexeme}::text))
      FROM "l" a JOIN "l" b ON a."l" < b."l")`;
  const score = sql`
      2 * (SELECT count(DISTINCT x) FROM unnest(${t('tags')}) AS x WHERE x = ANY(${src('tags')}))
    + CASE WHEN ${t('sector')} = ${src('sector')} THEN 1 ELSE 0 END
    + CASE WHEN ${t('degree_name')} = ${src('degree_name')} THEN 1 ELSE 0 END
    + 3 * least(ts_rank_cd(${s('head_vector')}, "src"."words"), 3)`;
  const card = cardObject(tfxCardMembers(actor, tables));
  tables?.add(getTableName(tfxSearch));
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${lexemes},
      "src" AS MATERIALIZED (SELECT "t".*, ${anyLexeme} AS "words", ${twoLexemes} AS "pairs"
        FROM ${tfxes} "t" WHERE "t"."id" = ${id}),
      "candidates" AS (
        SELECT "t"."id" FROM ${tfxes} "t", "src" WHERE ${t('tags')} && ${src('tags')}
        UNION
        SELECT ${s('id')} FROM ${tfxSearch} "s", "src" WHERE ${s('vector')} @@ "src"."pairs"),
      "near" AS (
        SELECT "t"."id", ${score} AS "score"
        FROM "candidates" "c" JOIN ${tfxes} "t" ON "t"."id" = "c"."id"
          JOIN ${tfxSearch} "s" ON ${s('id')} = "c"."id", "src"
        WHERE ${libraryWorks(source.external === true)} AND "t"."id" <> "src"."id"
          AND ${ctx.entities.where(TFX_UID, actor, 't', { visible: 'live' }, tables)}
        ORDER BY "score" DESC, ${t('published_at')} DESC, "t"."id" DESC
        LIMIT ${sql.raw(String(RELATED_COUNT))})
    SELECT coalesce(json_agg(json_build_object('id', "t"."id", 'attributes', ${card})
             ORDER BY "near"."score" DESC, "t"."published_at" DESC, "t"."id" DESC), '[]'::json)::text AS "data"
    FROM "near" JOIN ${tfxes} "t" ON "t"."id" = "near"."id"`,
  );
  return { data: JSON.parse(jsonText(row?.data)) as TfxRelatedAnswer['data'], meta: {} };
}
