import { sql, type SQL } from 'drizzle-orm';
import {
  TFX_FACETS,
  type TfxFacet,
  type TfxRelatedAnswer,
  type TfxSearchAnswer,
  type TfxSearchQuery,
} from '@plataforma/shared';
import { facetCondition, facetsOf, jsonText } from '../../lib/search-facets';
import type { AppContext } from '../../context';
import { tfxes } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
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

/**
 * The library's search (`GET /api/tfxes/search`) and a work's related works, ADR 0038: Spanish
 * full-text search over the title (A), the summary and tags (B) and the PDF's text (C), ranked,
 * with snippets, facets counted over every filter but their own, and a typo fallback by trigram
 * similarity when the words match nothing.
 */

export const TFX_UID = 'api::tfx.tfx';

/** At most this many works matched by their document alone are ranked (they read their PDF's text). */
const DOCUMENT_RANK_LIMIT = 1000;

/** How each facet is read from a work and filtered: one value, or a list of them. */
const FACETS = {
  year: { value: sql`extract(year from ${t('tfx_date')})::int`, list: false, cast: 'int4' },
  degree: { value: t('degree_name'), list: false, cast: 'text' },
  study_area: { value: t('study_area'), list: false, cast: 'text' },
  sector: { value: t('sector'), list: false, cast: 'text' },
  language: { value: t('language'), list: false, cast: 'text' },
  awarded: { value: t('awarded'), list: false, cast: 'bool' },
  ods: { value: t('ods'), list: true, cast: 'int4' },
} as const satisfies Record<
  TfxFacet,
  { value: SQL; list: boolean; cast: 'text' | 'int4' | 'bool' }
>;

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
 * The works `actor` may find in the public library: published (admins too: this is the library,
 * not the review), of the repository asked for (the platform's or the external one).
 */
function visibleWorks(
  ctx: Pick<AppContext, 'entities'>,
  actor: Actor,
  external: boolean,
  tables?: TableSink,
): SQL {
  return andAll([
    ctx.entities.where(TFX_UID, actor, 't', { visible: 'live' }, tables),
    // publishedAt is set when a work is published (ADR 0036); the state says it plainly too.
    sql`${t('review_status')} = 'published'`,
    sql`${t('external')} = ${external}`,
  ]);
}

/**
 * Where a work's PDF holds the words: its best passages, or NULL when the words are not in it.
 * ts_headline reads the whole text it is given (about 10 ms per 100,000 characters), so it reads
 * the document's beginning and, when the words come later, a window around their first
 * occurrence found with strpos (Spanish stems are prefixes of the unaccented words).
 */
function documentSnippet(words: string): SQL {
  const text = t('document_text');
  const query = webQuery(words);
  return sql`CASE WHEN ts_filter(${t('search_vector')}, '{c}') @@ ${query} THEN coalesce(
      ${highlighted(sql`left(${text}, 20000)`, query, 'document')},
      (SELECT ${highlighted(sql`substr(${text}, greatest(1, w.at - 1000), 3000)`, query, 'document')}
         FROM (SELECT min(nullif(strpos(d.plain, l), 0)) AS at
                 FROM (SELECT lower(public.immutable_unaccent(${text})) AS plain) d,
                      unnest(tsvector_to_array(to_tsvector('public.es', ${words}::text))) AS l) w
        WHERE w.at IS NOT NULL)) END`;
}

/**
 * `GET /api/tfxes/search`: the published works matching every filter, a page of them and the
 * facets. A repeated parameter matches any of its values; different parameters must all match.
 * With `q`, the works holding every word (websearch syntax: "a phrase", `or`, `-word`); when none
 * does, those whose title or tags hold similar words (`meta.fallback`).
 */
export async function searchTfxes(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  query: TfxSearchQuery,
  tables?: TableSink,
): Promise<TfxSearchAnswer> {
  const words = searchWords(query.q);
  const hasText = words.length > 0;
  const base = [visibleWorks(ctx, actor, query.external, tables)];
  for (const word of symbolWords(words)) {
    base.push(sql`strpos(${ALL_TEXT}, lower(${word})) > 0`);
  }
  const facetFilters = new Map<TfxFacet, SQL>();
  for (const name of TFX_FACETS) {
    const condition = facetCondition(FACETS[name], FACETS[name].value, query[name]);
    if (condition) facetFilters.set(name, condition);
  }
  // Every matching work is read once into a materialised CTE with its facet values and a flag
  // per facet filter: the page and the total need every flag, each facet every flag but its own.
  // Its rows stay narrow (no text but the facets' values), so that a common word's thousands of
  // matches fit in memory.
  const flags = [...facetFilters.keys()];
  const flag = (name: TfxFacet) => column(`f_${name}`);
  const allFlags = andAll(flags.map(flag));
  const ranked = hasText && query.sort === 'relevance';
  const typed = words.join(' ');
  // The query is read from a CTE: the planner then cannot estimate how many works a common word
  // matches and always finds them through the GIN index. Knowing that a word is in a fifth of the
  // library, it would read the whole table instead, unpacking every work's vector (the PDF's
  // text) to test it: ten times slower.
  const tsQuery = sql`(SELECT "q" FROM "query")`;
  const similar = similarWords(words, SIMILAR_TEXT);
  const columns = (rank: SQL) => sql`${t('id')} AS "id",
    ${sql.join(
      TFX_FACETS.map((name) => sql`${FACETS[name].value} AS ${column(`v_${name}`)}`),
      sql`, `,
    )},
    ${t('tfx_date')} AS "d", ${rank} AS "r"${sql.join(
      [...facetFilters].map(([name, condition]) => sql`, ${condition} AS ${flag(name)}`),
      sql``,
    )}`;

  // The works whose words match; else (`fallback`) those with similar words. The title, summary
  // and tags rank a match (head_vector, small enough to stay in the row): ranking by the whole
  // vector would read every matching PDF's text. Works whose document alone matches (r = 0) come
  // after them, ranked by the whole vector only when a page reaches them.
  const ctes = hasText
    ? sql`"query" AS MATERIALIZED (SELECT ${webQuery(typed)} AS "q"),
      "hits" AS MATERIALIZED (
        SELECT ${columns(ranked ? sql`ts_rank_cd(${t('head_vector')}, ${tsQuery})` : sql`NULL::real`)}
        FROM ${tfxes} "t" WHERE ${andAll(base)} AND ${t('search_vector')} @@ ${tsQuery}),
      "near" AS MATERIALIZED (
        SELECT ${columns(ranked ? similar.rank : sql`NULL::real`)}
        FROM ${tfxes} "t"
        WHERE NOT EXISTS (SELECT 1 FROM "hits") AND ${andAll(base)} AND ${similar.match})`
    : sql`"all" AS MATERIALIZED (SELECT ${columns(sql`NULL::real`)} FROM ${tfxes} "t" WHERE ${andAll(base)})`;
  // The matching works: the hits, or the similar ones (read in place, never copied).
  const m = hasText ? sql`(SELECT * FROM "hits" UNION ALL SELECT * FROM "near")` : sql`"all"`;

  const newest = sql`"d" DESC NULLS LAST, "id" DESC`;
  const offset = (query.page - 1) * query.pageSize;
  const limit = sql`LIMIT ${query.pageSize} OFFSET ${offset}`;
  // Works matched by their document alone are ranked by the whole vector, which reads their PDF's
  // text: only when the page reaches them and at most DOCUMENT_RANK_LIMIT of them; beyond that
  // they come newest first (ADR 0038).
  const documentRank = sql`CASE WHEN (SELECT count(*) FROM "hits" WHERE ${allFlags} AND "r" = 0) <= ${DOCUMENT_RANK_LIMIT}
      THEN (SELECT ts_rank_cd(${t('search_vector')}, ${tsQuery}) FROM ${tfxes} "t" WHERE "t"."id" = "m"."id")
      ELSE 0 END`;
  const page = ranked
    ? sql`SELECT "id", "tier", "score", "d" FROM (
          SELECT "id", 1 AS "tier", "r" AS "score", "d" FROM ${m} "m" WHERE ${allFlags} AND "r" > 0
          UNION ALL
          SELECT "m"."id", 2, ${documentRank}, "m"."d"
          FROM "hits" "m" WHERE ${allFlags} AND "m"."r" = 0
            AND (SELECT count(*) FROM "hits" WHERE ${allFlags} AND "r" > 0) < ${offset + query.pageSize}
        ) "ranked" ORDER BY "tier", "score" DESC, ${newest} ${limit}`
    : sql`SELECT "id", 1 AS "tier", 0 AS "score", "d" FROM ${m} "m" WHERE ${allFlags} ORDER BY ${newest} ${limit}`;
  const pageOrder = sql`"page"."tier", "page"."score" DESC, "page"."d" DESC NULLS LAST, "page"."id" DESC`;

  const anyWord = anyWordText(words);
  const snippets = hasText
    ? sql`json_build_object(
        'title', ${highlighted(t('title'), webQuery(anyWord), 'whole')},
        'summary', ${highlighted(sql`coalesce(${t('summary')}, '')`, webQuery(anyWord), 'passage')},
        'document', ${documentSnippet(anyWord)})`
    : undefined;
  const card = cardObject(tfxCardMembers(actor, tables, snippets));

  const facets = facetCounts(m, flags, flag);
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${ctes}
    SELECT
      ${hasText ? sql`NOT EXISTS (SELECT 1 FROM "hits")` : sql`false`} AS "fallback",
      (SELECT coalesce(json_agg(json_build_object('id', "t"."id", 'attributes', ${card}) ORDER BY ${pageOrder}), '[]'::json)::text
         FROM (${page}) "page" JOIN ${tfxes} "t" ON "t"."id" = "page"."id") AS "data",
      (SELECT coalesce(json_agg("f"), '[]'::json)::text FROM (${facets}) "f") AS "facets"`,
  );
  const counted = JSON.parse(jsonText(row?.facets)) as {
    facet: TfxFacet | typeof TOTAL;
    value: string;
    count: number;
  }[];
  const total = counted.find((entry) => entry.facet === TOTAL)?.count ?? 0;
  return {
    data: JSON.parse(jsonText(row?.data)) as TfxSearchAnswer['data'],
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

/** The facet row that carries the number of matching works (the page's total). */
const TOTAL = '*total';

/**
 * The facet counts over the matching works `m`, and their total (a row of facet TOTAL): the
 * facets of one value and the total in one pass (grouping sets), the ODS list apart. Each facet
 * is counted over the works that pass every facet filter but its own, the total over all.
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
    SELECT 'ods', v::text, count(*)::int
    FROM (SELECT DISTINCT "id", unnest("v_ods") AS v FROM ${m} "m" WHERE ${andAll(ods.map(flag))}) AS "o"
    WHERE v IS NOT NULL GROUP BY v`;
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
  const s = (name: string) => sql.raw(`"s"."${name}"`);
  // The other works are found through the indexes: those sharing a tag, and those holding two
  // of the title's words (any one word would find most of the library). They are scored by the
  // title's words in their title, summary and tags (head_vector, read without their PDF's text).
  const lexemes = sql`"l" AS (SELECT unnest(tsvector_to_array(to_tsvector('public.es', "t"."title"))) AS "l"
      FROM ${tfxes} "t" WHERE "t"."id" = ${id})`;
  const anyLexeme = sql`(SELECT to_tsquery('public.es', string_agg(quote_literal("l"), ' | ')) FROM "l")`;
  const twoLexemes = sql`(SELECT to_tsquery('public.es', coalesce(
      string_agg('(' || quote_literal(a."l") || ' & ' || quote_literal(b."l") || ')', ' | '), ${anyLexeme}::text))
      FROM "l" a JOIN "l" b ON a."l" < b."l")`;
  const score = sql`
      2 * (SELECT count(DISTINCT x) FROM unnest(${t('tags')}) AS x WHERE x = ANY(${s('tags')}))
    + CASE WHEN ${t('sector')} = ${s('sector')} THEN 1 ELSE 0 END
    + CASE WHEN ${t('degree_name')} = ${s('degree_name')} THEN 1 ELSE 0 END
    + 3 * least(ts_rank_cd(${t('head_vector')}, "s"."words"), 3)`;
  const card = cardObject(tfxCardMembers(actor, tables));
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${lexemes},
      "s" AS MATERIALIZED (SELECT "s".*, ${anyLexeme} AS "words", ${twoLexemes} AS "pairs"
        FROM ${tfxes} "s" WHERE "s"."id" = ${id}),
      "near" AS (
        SELECT "t"."id", ${score} AS "score" FROM ${tfxes} "t", "s"
        WHERE ${visibleWorks(ctx, actor, source.external === true, tables)} AND "t"."id" <> "s"."id"
          AND (${t('tags')} && ${s('tags')} OR ${t('search_vector')} @@ "s"."pairs")
        ORDER BY "score" DESC, ${t('published_at')} DESC, "t"."id" DESC
        LIMIT ${sql.raw(String(RELATED_COUNT))})
    SELECT coalesce(json_agg(json_build_object('id', "t"."id", 'attributes', ${card})
             ORDER BY "near"."score" DESC, "t"."published_at" DESC, "t"."id" DESC), '[]'::json)::text AS "data"
    FROM "near" JOIN ${tfxes} "t" ON "t"."id" = "near"."id"`,
  );
  return { data: JSON.parse(jsonText(row?.data)) as TfxRelatedAnswer['data'], meta: {} };
}
