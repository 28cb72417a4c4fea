import { sql, type SQL } from 'drizzle-orm';
import { PROVINCES } from '@plataforma/shared';
import { executeRows } from '../../db/statements';
import type { Executor } from '../../db/handles';

/**
 * Names in an import file matched against the catalogue (ADR 0048): exactly as people mean them
 * (case, accents, punctuation and spaces aside), or else the closest name by trigram similarity
 * (pg_trgm's `similarity`, migration 0000), offered as "¿Querías decir…?". Each name is looked
 * for within its scope: a campus among its university's, a degree among those taught at its
 * campus (or university), so the suggestion is one the row can actually use.
 */

/** Below this similarity a name is too far to suggest (pg_trgm's own default threshold). */
export const SUGGESTION_THRESHOLD = 0.3;

export type CatalogueSource =
  'universities' | 'campuses' | 'degrees' | 'provinces' | 'study-areas' | 'study-subareas';

export interface NameQuery {
  name: string;
  /** Only names of this university (campuses and degrees). */
  universityId?: number | null | undefined;
  /** Only degrees taught at this campus. */
  campusId?: number | null | undefined;
  /** Only subareas of this study area. */
  areaId?: number | null | undefined;
}

export interface NameMatch {
  /** The entry named exactly so, in scope. */
  match?: { id: number; name: string };
  /** Otherwise, the closest name in scope, when close enough. */
  suggestion?: string;
}

/**
 * The text as compared, as normalizeLabel (parse-table.ts) compares it: lower case, no accents,
 * punctuation and runs of spaces as one space.
 */
export const normalizedSql = (text: SQL) =>
  sql`btrim(regexp_replace(lower(public.immutable_unaccent(${text})), '[^[:alnum:]]+', ' ', 'g'))`;
const norm = normalizedSql;

/** Every candidate of a source as (id, name, university_id, campus_id, area_id). */
function candidates(source: CatalogueSource): SQL {
  switch (source) {
    case 'universities':
      return sql`SELECT id, name, NULL::int AS university_id, NULL::int AS campus_id, NULL::int AS area_id FROM universities`;
    case 'campuses':
      return sql`SELECT id, name, university_id, NULL::int AS campus_id, NULL::int AS area_id FROM campuses`;
    case 'degrees':
      // A degree taught nowhere yet is still found when no scope is asked.
      return sql`
        SELECT d.id, d.name, c.university_id, cd.campus_id, NULL::int AS area_id
        FROM degrees d
        LEFT JOIN campuses_degrees_links cd ON cd.degree_id = d.id
        LEFT JOIN campuses c ON c.id = cd.campus_id`;
    case 'provinces':
      return sql`
        SELECT p.n::int AS id, p.name, NULL::int AS university_id, NULL::int AS campus_id,
               NULL::int AS area_id
        FROM unnest(${sql.param(PROVINCES.map((p) => p.name))}::text[]) WITH ORDINALITY AS p(name, n)`;
    case 'study-areas':
      return sql`SELECT id, name, NULL::int AS university_id, NULL::int AS campus_id, NULL::int AS area_id FROM study_areas`;
    case 'study-subareas':
      return sql`SELECT id, name, NULL::int AS university_id, NULL::int AS campus_id, area_id FROM study_subareas`;
  }
}

const keyOf = (q: NameQuery) =>
  `${q.universityId ?? ''}|${q.campusId ?? ''}|${q.areaId ?? ''}|${q.name}`;

/**
 * Matches every query against the source, in one statement; answers by query, in order. The
 * same (name, scope) asked by many rows is looked for once. Exact matches are one hash join on
 * the normalised names, computed once per candidate; only the queries without one look for the
 * closest name, one scan of their scope each (a catalogue file asks thousands of names, most of
 * them found, ADR 0065). `threshold`: the least similarity worth a suggestion (the catalogue
 * import asks for more); `suggest: false` when only exact matches matter.
 */
export async function matchNames(
  db: Executor,
  source: CatalogueSource,
  queries: readonly NameQuery[],
  {
    threshold = SUGGESTION_THRESHOLD,
    suggest = true,
  }: { threshold?: number; suggest?: boolean } = {},
): Promise<NameMatch[]> {
  const distinct = new Map<string, NameQuery & { i: number }>();
  for (const query of queries) {
    const key = keyOf(query);
    if (!distinct.has(key)) distinct.set(key, { ...query, i: distinct.size });
  }
  if (distinct.size === 0) return [];
  const records = [...distinct.values()].map((q) => ({
    i: q.i,
    name: q.name,
    university_id: q.universityId ?? null,
    campus_id: q.campusId ?? null,
    area_id: q.areaId ?? null,
  }));
  const inScope = sql`(q.university_id IS NULL OR c.university_id = q.university_id)
          AND (q.campus_id IS NULL OR c.campus_id = q.campus_id)
          AND (q.area_id IS NULL OR c.area_id = q.area_id)`;
  const closest = sql`
      UNION ALL
      SELECT q.i, m.id, m.name, false, m.score
      FROM q
      CROSS JOIN LATERAL (
        SELECT c.id, c.name, similarity(c.key, q.key) AS score
        FROM c
        WHERE ${inScope}
        ORDER BY score DESC, c.id
        LIMIT 1
      ) m
      WHERE NOT EXISTS (SELECT 1 FROM exact e WHERE e.i = q.i)`;
  const rows = await executeRows(
    db,
    sql`
      WITH q AS (
        SELECT q.*, ${norm(sql`q.name`)} AS key
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS q(i int, name text, university_id int, campus_id int, area_id int)
      ), c AS MATERIALIZED (
        SELECT c0.*, ${norm(sql`c0.name`)} AS key FROM (${candidates(source)}) c0
      ), exact AS MATERIALIZED (
        SELECT DISTINCT ON (q.i) q.i, c.id, c.name
        FROM q JOIN c ON c.key = q.key AND ${inScope}
        ORDER BY q.i, c.id
      )
      SELECT e.i, e.id AS match_id, e.name AS match_name, true AS exact, 1::real AS score
      FROM exact e
      ${suggest ? closest : sql``}`,
  );
  const byIndex = new Map<number, NameMatch>();
  for (const row of rows) {
    const i = Number(row.i);
    if (row.match_id === null || row.match_id === undefined) byIndex.set(i, {});
    else if (row.exact === true) {
      byIndex.set(i, { match: { id: Number(row.match_id), name: String(row.match_name) } });
    } else if (Number(row.score) >= threshold) {
      byIndex.set(i, { suggestion: String(row.match_name) });
    } else byIndex.set(i, {});
  }
  return queries.map((query) => byIndex.get(distinct.get(keyOf(query))!.i) ?? {});
}

/** " ¿Querías decir «X»?" when there is a suggestion, else the fallback advice. */
export function suggestionText(match: NameMatch, fallback: string): string {
  return match.suggestion ? ` ¿Querías decir «${match.suggestion}»?` : ` ${fallback}`;
}

/**
 * Each text as matchNames compares it (normalizedSql), in one statement: a file's own names are
 * told apart exactly as they are matched against the catalogue, so two rows are the same entry
 * when, and only when, each would find the same one.
 */
export async function normalizeNames(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(names)];
  const keys = new Map<string, string>();
  if (distinct.length === 0) return keys;
  const rows = await executeRows(
    db,
    sql`SELECT n.name, ${norm(sql`n.name`)} AS key
        FROM unnest(${sql.param(distinct)}::text[]) AS n(name)`,
  );
  for (const row of rows) keys.set(String(row.name), String(row.key));
  return keys;
}
