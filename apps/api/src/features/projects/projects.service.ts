import { getTableName, sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_STATUSES,
  PROJECT_FACETS,
  type ApplicationStatus,
  type CandidateCounts,
  type MyProject,
  type MyProjectsAnswer,
  type MyProjectsQuery,
  type ProjectFacet,
  type ProjectSearchAnswer,
  type ProjectSearchQuery,
} from '@plataforma/shared';
import { facetCondition, facetsOf, facetValueText, jsonText } from '../../lib/search-facets';
import type { AppContext } from '../../context';
import { applys, projects } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { forbidden, unauthorized } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
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
import {
  andInto,
  countBits,
  countBoth,
  eachBit,
  emptyBits,
  hasBit,
  isEmpty,
  orInto,
  setBit,
  type Bits,
} from '../../lib/bitset';
import { cardAttributes, iso, objectOf, p, type Attributes } from './projects.cards';
import { FACETS } from './projects.facets';
import type { PublishedProjects, PublishedProjectsIndex } from './projects.published';
import { projectsPublishedBy } from './projects.people';
import { PROJECT_UID } from './projects.lifecycles';

/**
 * The project catalogue's search with facets, and a publisher's own projects with their
 * candidate counts (ADR 0024). Both answer in the Strapi envelope, rendered by hand from an
 * explicit list of attributes (house style rule 5): the search joins, ranks and counts in ways
 * the generic engine does not.
 */

/** Applications still waiting for a decision (the "pending" of a publisher's list). */
const PENDING_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['Enviada', 'En revisión'];

type FacetName = ProjectFacet;
const FACET_NAMES = PROJECT_FACETS;

const TRUE = sql`TRUE`;
const andAll = (parts: SQL[]) => (parts.length === 0 ? TRUE : sql.join(parts, sql` AND `));
/** The searchable text of a project, lower case and without accents (words typed as symbols). */
const SEARCH_TEXT = sql`lower(unaccent(${p('title')} || ' ' || coalesce(${p('description')}, '') || ' ' || coalesce(array_to_string(${p('tags')}, ' '), '')))`;
/** What the typo fallback compares, and its trigram index holds (migration 0015): title and tags. */
const SIMILAR_TEXT = trigramText(
  sql`${p('title')} || ' ' || coalesce(public.text_array_to_string(${p('tags')}), '')`,
);

/** What a search reads: the database, and the process's published projects in memory (ADR 0059). */
export type SearchContext = Pick<AppContext, 'db' | 'entities'> & {
  readonly publishedProjects?: PublishedProjectsIndex;
};

/**
 * `GET /api/projects/search`: published projects (admins: any status, or those of `status`)
 * matching every filter given, a page of them and the facets. A repeated parameter matches any of
 * its values; different parameters must all match. Each facet is counted over the projects that
 * match every filter but its own (standard faceting), so choosing a value never hides its
 * alternatives.
 *
 * Everyone but admins searches the catalogue, which each process keeps in memory (ADR 0059):
 * PostgreSQL then answers only the projects holding the words and the page's cards. Admins, and
 * every search while the change feed is down, are answered by PostgreSQL alone; both ways give
 * the same answer.
 */
export async function searchProjects(
  ctx: SearchContext,
  actor: Actor,
  query: ProjectSearchQuery,
  tables?: TableSink,
): Promise<ProjectSearchAnswer> {
  if (!isAdmin(actor) && ctx.publishedProjects) {
    const published = await ctx.publishedProjects.current();
    if (published) return searchPublished(ctx, published, actor, query, tables);
  }
  return searchInDatabase(ctx, actor, query, tables);
}

/** The conditions of a search besides its facets, and the words it looks for. */
function catalogueConditions(
  ctx: Pick<AppContext, 'entities'>,
  actor: Actor,
  query: ProjectSearchQuery,
  tables: TableSink | undefined,
): { visible: SQL; base: SQL[]; words: string[] } {
  const base: SQL[] = [];
  let visible: SQL;
  if (isAdmin(actor)) {
    // Admins search every status, or those of `status`.
    visible = ctx.entities.where(PROJECT_UID, actor, 'p', { visible: 'preview' }, tables);
    base.push(visible);
    if (query.status.length > 0) {
      base.push(sql`${p('status')} = ANY(${sql.param([...query.status])}::text[])`);
    }
  } else {
    // Everyone else sees the catalogue: the projects they may find that are published, whatever
    // `status` says (Strapi's publicationState=live).
    visible = ctx.entities.where(PROJECT_UID, actor, 'p', { visible: 'live' }, tables);
    base.push(visible);
  }
  const words = searchWords(query.q);
  for (const word of symbolWords(words)) {
    base.push(sql`strpos(${SEARCH_TEXT}, lower(unaccent(${word}))) > 0`);
  }
  if (query.locality.length > 0) {
    base.push(
      sql`lower(unaccent(${p('locality')})) IN (SELECT lower(unaccent(x)) FROM unnest(${sql.param(query.locality)}::text[]) x)`,
    );
  }
  return { visible, base, words };
}

/**
 * The projects holding the words (ADR 0038), as two materialised CTEs of `SELECT <columns>, rank
 * AS "r"`: `hits`, those holding every word in the Spanish full-text search, ranked by
 * ts_rank_cd (title > description and tags > objectives); `near`, when there is no hit, those
 * whose title or tags hold similar words, ranked by that similarity. Unranked, "r" is NULL.
 */
function textMatches(base: SQL[], words: readonly string[], ranked: boolean, columns: SQL): SQL {
  const tsQuery = once(webQuery(words.join(' ')));
  const similar = similarWords(words, SIMILAR_TEXT);
  const matching = (rank: SQL, text: SQL) =>
    sql`SELECT ${columns}, ${rank} AS "r" FROM ${projects} "p" WHERE ${andAll(base)} AND ${text}`;
  return sql`"hits" AS MATERIALIZED (${matching(
    ranked ? sql`ts_rank_cd(${p('search_vector')}, ${tsQuery})` : sql`NULL::real`,
    sql`${p('search_vector')} @@ ${tsQuery}`,
  )}),
  "near" AS MATERIALIZED (${matching(
    ranked ? similar.rank : sql`NULL::real`,
    sql`NOT EXISTS (SELECT 1 FROM "hits") AND ${similar.match}`,
  )})`;
}

/**
 * A value computed once per statement (an InitPlan) rather than once per row: PostgreSQL folds
 * only immutable calls into constants, and `websearch_to_tsquery` is stable, so a query written
 * inline was parsed again for every row ranked or highlighted.
 */
const once = (value: SQL) => sql`(SELECT ${value})`;

/** Where the description holds the words: HTML with them in <mark> and nothing else. */
const snippetMember = (words: readonly string[]) =>
  words.length > 0
    ? sql`, 'snippet', ${highlighted(sql`coalesce(${p('description')}, '')`, once(webQuery(anyWordText(words))), 'passage')}`
    : sql``;

/** The answer's envelope around a page of cards (`data`: their JSON text). */
function searchAnswer(
  query: ProjectSearchQuery,
  data: unknown,
  total: number,
  facets: readonly { facet: FacetName; value: string; count: number }[],
  fallback: boolean,
): ProjectSearchAnswer {
  return {
    data: JSON.parse(jsonText(data)) as ProjectSearchAnswer['data'],
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        total,
      },
      facets: facetsOf(FACET_NAMES, FACETS, facets),
      fallback,
    },
  };
}

/** The search answered by PostgreSQL alone: the page, the total and every facet in one statement. */
async function searchInDatabase(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  query: ProjectSearchQuery,
  tables?: TableSink,
): Promise<ProjectSearchAnswer> {
  const { base, words } = catalogueConditions(ctx, actor, query, tables);
  const hasText = words.length > 0;
  const facetFilters = new Map<FacetName, SQL>();
  for (const name of FACET_NAMES) {
    const condition = facetCondition(
      FACETS[name],
      p(FACETS[name].column),
      query[FACETS[name].param],
    );
    if (condition) facetFilters.set(name, condition);
  }
  // The projects matching the visibility, text and locality conditions are read once (a
  // materialised CTE, `m`), with a flag per facet filter: the page and the total need every flag,
  // each facet every flag but its own.
  const flags = [...facetFilters.keys()];
  const flag = (name: FacetName) => sql.raw(`"f_${name}"`);
  const allFlags = andAll(flags.map(flag));
  const flagsBut = (facet: FacetName) => andAll(flags.filter((n) => n !== facet).map(flag));
  // Also what the sorts read, so the page is ordered from `m` without reading projects again.
  const facetColumns = [
    ...new Set([
      ...FACET_NAMES.map((name) => FACETS[name].column),
      'title',
      'published_at',
      'created_at',
      'application_deadline',
    ]),
  ].map(p);
  const ranked = hasText && query.sort === 'relevance';
  const columns = sql`${p('id')} AS "id", ${sql.join(facetColumns, sql`, `)}${sql.join(
    [...facetFilters].map(([name, condition]) => sql`, ${condition} AS ${sql.raw(`"f_${name}"`)}`),
    sql``,
  )}`;
  const ctes = hasText
    ? sql`${textMatches(base, words, ranked, columns)},
      "m" AS (SELECT * FROM "hits" UNION ALL SELECT * FROM "near")`
    : sql`"m" AS MATERIALIZED (SELECT ${columns}, NULL::real AS "r" FROM ${projects} "p" WHERE ${andAll(base)})`;

  const order =
    query.sort === 'title'
      ? sql`${p('title')} COLLATE es_natural ASC, ${p('id')} ASC`
      : query.sort === 'deadline'
        ? // Open deadlines first, the nearest first; past or missing ones after them.
          sql`(${p('application_deadline')} IS NULL OR ${p('application_deadline')} < current_date) ASC, ${p('application_deadline')} ASC, ${p('id')} DESC`
        : ranked
          ? sql`${p('r')} DESC, coalesce(${p('published_at')}, ${p('created_at')}) DESC, ${p('id')} DESC`
          : sql`coalesce(${p('published_at')}, ${p('created_at')}) DESC, ${p('id')} DESC`;

  const attributes = cardAttributes(actor, tables);

  const facetQueries = FACET_NAMES.map((name) => {
    const facet = FACETS[name];
    const label = sql.raw(`'${name}'`);
    const value = sql.raw(`"m"."${facet.column}"`);
    return facet.list
      ? sql`SELECT ${label} AS "facet", v::text AS "value", count(*)::int AS "count"
            FROM "m" CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(${value}) AS x) AS d(v)
            WHERE ${flagsBut(name)} AND v IS NOT NULL GROUP BY v`
      : sql`SELECT ${label} AS "facet", ${value}::text AS "value", count(*)::int AS "count"
            FROM "m" WHERE ${flagsBut(name)} AND ${value} IS NOT NULL GROUP BY ${value}`;
  });
  const offset = (query.page - 1) * query.pageSize;
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${ctes}
    SELECT
      (SELECT count(*)::int FROM "m" WHERE ${allFlags}) AS "total",
      ${hasText ? sql`NOT EXISTS (SELECT 1 FROM "hits")` : sql`false`} AS "fallback",
      (SELECT coalesce(json_agg(json_build_object('id', "p"."id", 'attributes', ${objectOf(attributes)}${snippetMember(words)}) ORDER BY "page"."ord"), '[]'::json)::text
         FROM (SELECT ${p('id')} AS "id", row_number() OVER (ORDER BY ${order}) AS "ord"
               FROM "m" "p" WHERE ${allFlags} ORDER BY ${order}
               LIMIT ${query.pageSize} OFFSET ${offset}) "page"
         JOIN ${projects} "p" ON "p"."id" = "page"."id") AS "data",
      (SELECT coalesce(json_agg("f"), '[]'::json)::text
         FROM (${sql.join(facetQueries, sql` UNION ALL `)}) "f") AS "facets"`,
  );
  return searchAnswer(
    query,
    row?.data,
    Number(row?.total ?? 0),
    JSON.parse(jsonText(row?.facets)) as { facet: FacetName; value: string; count: number }[],
    row?.fallback === true,
  );
}

/** The UTC day (YYYY-MM-DD): PostgreSQL's `current_date` in the API's sessions (TimeZone=UTC). */
const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The search answered from the published projects in memory (ADR 0059). PostgreSQL is asked for
 * the projects holding the words or in the localities, when the search has any (the GIN index of
 * `search_vector`), and for the page's cards; the facet filters, the total, the facet counts and
 * the page's order are worked out on the sets of positions. The answer is the one
 * `searchInDatabase` gives.
 */
async function searchPublished(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  published: PublishedProjects,
  actor: Actor,
  query: ProjectSearchQuery,
  tables?: TableSink,
): Promise<ProjectSearchAnswer> {
  const { visible, base, words } = catalogueConditions(ctx, actor, query, tables);
  const hasText = words.length > 0;
  const ranked = hasText && query.sort === 'relevance';
  const attributes = cardAttributes(actor, tables);

  let matched = published.all;
  let ranks: Float64Array | undefined;
  let fallback = false;
  if (hasText || query.locality.length > 0) {
    const found = await matchingProjects(ctx, base, words, ranked);
    fallback = found.fallback;
    matched = emptyBits(published.size);
    if (ranked) ranks = new Float64Array(published.size);
    for (const [id, rank] of found.ids) {
      // A project published after this copy was read is left out until the copy is read again
      // (a notification's delay, ADR 0007).
      const position = published.positionOf(id);
      if (position === undefined) continue;
      setBit(matched, position);
      if (ranks) ranks[position] = rank;
    }
  }

  // Each facet filter: the projects holding any of its values.
  const filters = new Map<FacetName, Bits>();
  for (const name of FACET_NAMES) {
    const values = query[FACETS[name].param] as readonly (string | number | boolean)[];
    if (values.length === 0) continue;
    const holding = emptyBits(published.size);
    for (const value of values) {
      const bits = published.facets[name].get(facetValueText(value));
      if (bits) orInto(holding, bits);
    }
    filters.set(name, holding);
  }
  const within = (skip?: FacetName) => {
    const bits = matched.slice();
    for (const [name, holding] of filters) if (name !== skip) andInto(bits, holding);
    return bits;
  };
  const selected = within();
  const total = countBits(selected);

  // Each facet counted over every filter but its own: the projects of the answer for a facet
  // without a filter, those of the other filters for one with.
  const counts: { facet: FacetName; value: string; count: number }[] = [];
  for (const name of FACET_NAMES) {
    const over = filters.has(name) ? within(name) : selected;
    if (isEmpty(over)) continue;
    for (const [value, bits] of published.facets[name]) {
      const count = countBoth(over, bits);
      if (count > 0) counts.push({ facet: name, value, count });
    }
  }

  const page = pageOf(published, selected, query, ranks);
  let data: unknown = '[]';
  if (page.length > 0) {
    const [row] = await executeRows(
      ctx.db,
      sql`SELECT coalesce(json_agg(json_build_object('id', "p"."id", 'attributes', ${objectOf(attributes)}${snippetMember(words)}) ORDER BY "page"."ord"), '[]'::json)::text AS "data"
          FROM unnest(${sql.param(page)}::int4[]) WITH ORDINALITY AS "page"("id", "ord")
          JOIN ${projects} "p" ON "p"."id" = "page"."id"
          WHERE ${visible}`,
      // One plan for any page: planning this statement cost more than running it.
      { plan: 'generic' },
    );
    data = row?.data;
  }
  return searchAnswer(query, data, total, counts, fallback);
}

/**
 * The ids of the projects matching a search's words and localities, with their rank when the
 * search is by relevance, and whether the words only matched by similarity (the typo fallback).
 */
async function matchingProjects(
  ctx: Pick<AppContext, 'db'>,
  base: SQL[],
  words: readonly string[],
  ranked: boolean,
): Promise<{ ids: [id: number, rank: number][]; fallback: boolean }> {
  const found =
    words.length > 0
      ? sql`WITH ${textMatches(base, words, ranked, sql`${p('id')} AS "id"`)}
          SELECT NOT EXISTS (SELECT 1 FROM "hits") AS "fallback",
            (SELECT string_agg("m"."id"::text || ':' || coalesce("m"."r"::text, '0'), ',')
             FROM (SELECT * FROM "hits" UNION ALL SELECT * FROM "near") "m") AS "ids"`
      : sql`SELECT false AS "fallback", string_agg(${p('id')}::text || ':0', ',') AS "ids"
          FROM ${projects} "p" WHERE ${andAll(base)}`;
  // Planned once: the words only change which index entries are read (ADR 0059).
  const [row] = await executeRows(ctx.db, found, { plan: 'generic' });
  const text = typeof row?.ids === 'string' ? row.ids : '';
  const ids: [number, number][] = [];
  if (text !== '') {
    for (const entry of text.split(',')) {
      const colon = entry.indexOf(':');
      ids.push([Number(entry.slice(0, colon)), Number(entry.slice(colon + 1))]);
    }
  }
  return { ids, fallback: row?.fallback === true };
}

/**
 * The ids of the page, in the order `searchInDatabase` sorts by: title; deadline (open ones
 * first, the nearest first, then past or missing ones); rank, then newest; or newest.
 */
function pageOf(
  published: PublishedProjects,
  selected: Bits,
  query: ProjectSearchQuery,
  ranks: Float64Array | undefined,
): number[] {
  const from = (query.page - 1) * query.pageSize;
  const to = from + query.pageSize;
  const page: number[] = [];
  let seen = 0;
  const take = (position: number) => {
    if (seen >= from) page.push(published.ids[position]!);
    seen += 1;
    return seen < to;
  };
  const walk = (order: Int32Array, keep: (position: number) => boolean) => {
    for (let i = 0; i < order.length; i++) {
      const position = order[i]!;
      if (hasBit(selected, position) && keep(position) && !take(position)) return false;
    }
    return true;
  };
  if (query.sort === 'title') {
    walk(published.byTitle, () => true);
  } else if (query.sort === 'deadline') {
    const today = utcDay();
    const open = (position: number) => {
      const deadline = published.deadlines[position] ?? null;
      return deadline !== null && deadline >= today;
    };
    if (walk(published.byDeadline, open)) walk(published.byDeadline, (p) => !open(p));
  } else if (ranks) {
    const positions: number[] = [];
    eachBit(selected, (position) => {
      positions.push(position);
    });
    // Positions are newest first, so equal ranks stay newest first.
    positions.sort((a, b) => ranks[b]! - ranks[a]! || a - b);
    for (const position of positions) if (!take(position)) break;
  } else {
    eachBit(selected, take);
  }
  return page;
}

/**
 * `GET /api/projects/mine`: the caller's projects in any status (a teacher's, a coordinator's or
 * their organisation's; an admin's: all), most recently changed first, each with its candidates
 * counted by status.
 */
export async function findMyProjects(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  query: MyProjectsQuery,
  tables?: TableSink,
): Promise<MyProjectsAnswer> {
  if (actor.kind !== 'user') throw unauthorized();
  const mine = projectsPublishedBy(actor);
  if (mine === false) throw forbidden();
  tables?.add(getTableName(applys));
  const where = andAll([
    // The projects the access table gives a publisher, whatever their status.
    ctx.entities.where(PROJECT_UID, actor, 'p', { scope: mine }, tables),
    ...(query.status.length > 0
      ? [sql`${p('status')} = ANY(${sql.param([...query.status])}::text[])`]
      : []),
  ]);
  const attributes: Attributes = [
    ...cardAttributes(actor, tables),
    ['validated', p('validated')],
    ['rejection_reason', p('rejection_reason')],
    ['updatedAt', iso(p('updated_at'))],
    [
      'candidates',
      sql`(SELECT json_object_agg("c"."status", "c"."n") FROM (SELECT a.status, count(*)::int AS "n"
            FROM ${applys} a WHERE a.project_id = ${p('id')} GROUP BY a.status) "c")`,
    ],
  ];
  const order = sql`${p('updated_at')} DESC, ${p('id')} DESC`;
  const offset = (query.page - 1) * query.pageSize;
  const [row] = await executeRows(
    ctx.db,
    sql`SELECT
      (SELECT count(*)::int FROM ${projects} "p" WHERE ${where}) AS "total",
      (SELECT coalesce(json_agg(json_build_object('id', "p"."id", 'attributes', ${objectOf(attributes)}) ORDER BY "page"."ord"), '[]'::json)::text
         FROM (SELECT ${p('id')} AS "id", row_number() OVER (ORDER BY ${order}) AS "ord"
               FROM ${projects} "p" WHERE ${where} ORDER BY ${order}
               LIMIT ${sql.raw(String(query.pageSize))} OFFSET ${sql.raw(String(offset))}) "page"
         JOIN ${projects} "p" ON "p"."id" = "page"."id") AS "data"`,
  );
  const total = Number(row?.total ?? 0);
  const data = (
    JSON.parse(jsonText(row?.data)) as {
      id: number;
      attributes: Omit<MyProject, 'candidates'> & { candidates: Record<string, number> | null };
    }[]
  ).map(({ id, attributes: { candidates, ...rest } }) => ({
    id,
    attributes: { ...rest, candidates: candidateCounts(candidates ?? {}) },
  }));
  return {
    data,
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        total,
      },
    },
  };
}

function candidateCounts(byStatusRaw: Record<string, number>): CandidateCounts {
  const byStatus = Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [status, byStatusRaw[status] ?? 0]),
  ) as Record<ApplicationStatus, number>;
  return {
    total: APPLICATION_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    pending: PENDING_APPLICATION_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    byStatus,
  };
}
