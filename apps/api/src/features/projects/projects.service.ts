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
import { facetCondition, facetsOf, jsonText } from '../../lib/search-facets';
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
import { cardAttributes, iso, objectOf, p, type Attributes } from './projects.cards';
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

/** How each facet is stored: one value per project, or a list of them. */
const FACETS = {
  type: { column: 'type', list: false, param: 'type', cast: 'text' },
  ods: { column: 'ods', list: true, param: 'ods', cast: 'int4' },
  study_areas: { column: 'study_areas', list: true, param: 'study_area', cast: 'text' },
  study_subareas: { column: 'study_subareas', list: true, param: 'study_subarea', cast: 'text' },
  presentiality: { column: 'presentiality', list: false, param: 'presentiality', cast: 'text' },
  location: { column: 'location', list: false, param: 'location', cast: 'text' },
  dedication: { column: 'dedication', list: false, param: 'dedication', cast: 'text' },
  language: { column: 'language', list: false, param: 'language', cast: 'text' },
  remuneration: { column: 'remuneration', list: false, param: 'remuneration', cast: 'bool' },
  internship: { column: 'internship', list: false, param: 'internship', cast: 'bool' },
} as const satisfies Record<
  string,
  {
    column: string;
    list: boolean;
    param: keyof ProjectSearchQuery;
    cast: 'text' | 'int4' | 'bool';
  }
>;
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

/**
 * `GET /api/projects/search`: published projects (admins: any status, or those of `status`)
 * matching every filter given, a page of them and the facets. A repeated parameter matches any of
 * its values; different parameters must all match. Each facet is counted over the projects that
 * match every filter but its own (standard faceting), so choosing a value never hides its
 * alternatives.
 */
export async function searchProjects(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  query: ProjectSearchQuery,
  tables?: TableSink,
): Promise<ProjectSearchAnswer> {
  const base: SQL[] = [];
  if (isAdmin(actor)) {
    // Admins search every status, or those of `status`.
    base.push(ctx.entities.where(PROJECT_UID, actor, 'p', { visible: 'preview' }, tables));
    if (query.status.length > 0) {
      base.push(sql`${p('status')} = ANY(${sql.param([...query.status])}::text[])`);
    }
  } else {
    // Everyone else sees the catalogue: the projects they may find that are published, whatever
    // `status` says (Strapi's publicationState=live).
    base.push(ctx.entities.where(PROJECT_UID, actor, 'p', { visible: 'live' }, tables));
  }
  const words = searchWords(query.q);
  const hasText = words.length > 0;
  for (const word of symbolWords(words)) {
    base.push(sql`strpos(${SEARCH_TEXT}, lower(unaccent(${word}))) > 0`);
  }
  if (query.locality.length > 0) {
    base.push(
      sql`lower(unaccent(${p('locality')})) IN (SELECT lower(unaccent(x)) FROM unnest(${sql.param(query.locality)}::text[]) x)`,
    );
  }
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
  const typed = words.join(' ');
  const tsQuery = webQuery(typed);
  const similar = similarWords(words, SIMILAR_TEXT);
  const matching = (
    rank: SQL,
    text: SQL,
  ) => sql`SELECT ${p('id')} AS "id", ${sql.join(facetColumns, sql`, `)}, ${rank} AS "r"${sql.join(
    [...facetFilters].map(([name, condition]) => sql`, ${condition} AS ${sql.raw(`"f_${name}"`)}`),
    sql``,
  )}
    FROM ${projects} "p" WHERE ${andAll(base)} AND ${text}`;
  // With words (ADR 0038): the projects holding every word in the Spanish full-text search,
  // ranked by ts_rank_cd (title > description and tags > objectives); when none does, those whose
  // title or tags hold similar words (`fallback`), ranked by that similarity.
  const ctes = hasText
    ? sql`"hits" AS MATERIALIZED (${matching(
        ranked ? sql`ts_rank_cd(${p('search_vector')}, ${tsQuery})` : sql`NULL::real`,
        sql`${p('search_vector')} @@ ${tsQuery}`,
      )}),
      "near" AS MATERIALIZED (${matching(
        ranked ? similar.rank : sql`NULL::real`,
        sql`NOT EXISTS (SELECT 1 FROM "hits") AND ${similar.match}`,
      )}),
      "m" AS (SELECT * FROM "hits" UNION ALL SELECT * FROM "near")`
    : sql`"m" AS MATERIALIZED (${matching(sql`NULL::real`, TRUE)})`;

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
  // Where the description holds the words: HTML with them in <mark> and nothing else.
  const snippet = hasText
    ? sql`, 'snippet', ${highlighted(sql`coalesce(${p('description')}, '')`, webQuery(anyWordText(words)), 'passage')}`
    : sql``;
  const offset = (query.page - 1) * query.pageSize;
  const [row] = await executeRows(
    ctx.db,
    sql`WITH ${ctes}
    SELECT
      (SELECT count(*)::int FROM "m" WHERE ${allFlags}) AS "total",
      ${hasText ? sql`NOT EXISTS (SELECT 1 FROM "hits")` : sql`false`} AS "fallback",
      (SELECT coalesce(json_agg(json_build_object('id', "p"."id", 'attributes', ${objectOf(attributes)}${snippet}) ORDER BY "page"."ord"), '[]'::json)::text
         FROM (SELECT ${p('id')} AS "id", row_number() OVER (ORDER BY ${order}) AS "ord"
               FROM "m" "p" WHERE ${allFlags} ORDER BY ${order}
               LIMIT ${query.pageSize} OFFSET ${offset}) "page"
         JOIN ${projects} "p" ON "p"."id" = "page"."id") AS "data",
      (SELECT coalesce(json_agg("f"), '[]'::json)::text
         FROM (${sql.join(facetQueries, sql` UNION ALL `)}) "f") AS "facets"`,
  );
  const total = Number(row?.total ?? 0);
  return {
    data: JSON.parse(jsonText(row?.data)) as ProjectSearchAnswer['data'],
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        total,
      },
      facets: facetsOf(
        FACET_NAMES,
        FACETS,
        JSON.parse(jsonText(row?.facets)) as {
          facet: FacetName;
          value: string;
          count: number;
        }[],
      ),
      fallback: row?.fallback === true,
    },
  };
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
