import { sql, type SQL } from 'drizzle-orm';
import { PROVINCES } from '@plataforma/shared';
import { executeRows, type Executor } from '../../db/statements';

/**
 * Names in an import file matched against the catalogue (ADR 0048): exactly as people mean them
 * (case, accents, punctuation and spaces aside), or else the closest name by trigram similarity
 * (pg_trgm's `similarity`, migration 0000), offered as "¿Querías decir…?". Each name is looked
 * for within its scope: a campus among its university's, a degree among those taught at its
 * campus (or university), so the suggestion is one the row can actually use.
 */

/** Below this similarity a name is too far to suggest (pg_trgm's own default threshold). */
export const SUGGESTION_THRESHOLD = 0.3;

export type CatalogueSource = 'universities' | 'campuses' | 'degrees' | 'provinces';

export interface NameQuery {
  name: string;
  /** Only names of this university (campuses and degrees). */
  universityId?: number | null | undefined;
  /** Only degrees taught at this campus. */
  campusId?: number | null | undefined;
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

/** Every candidate of a source as (id, name, university_id, campus_id). */
function candidates(source: CatalogueSource): SQL {
  switch (source) {
    case 'universities':
      return sql`SELECT id, name, NULL::int AS university_id, NULL::int AS campus_id FROM universities`;
    case 'campuses':
      return sql`SELECT id, name, university_id, NULL::int AS campus_id FROM campuses`;
    case 'degrees':
      // A degree taught nowhere yet is still found when no scope is asked.
      return sql`
        SELECT d.id, d.name, c.university_id, cd.campus_id
        FROM degrees d
        LEFT JOIN campuses_degrees_links cd ON cd.degree_id = d.id
        LEFT JOIN campuses c ON c.id = cd.campus_id`;
    case 'provinces':
      return sql`
        SELECT p.n::int AS id, p.name, NULL::int AS university_id, NULL::int AS campus_id
        FROM unnest(${sql.param(PROVINCES.map((p) => p.name))}::text[]) WITH ORDINALITY AS p(name, n)`;
  }
}

const keyOf = (q: NameQuery) => `${q.universityId ?? ''}|${q.campusId ?? ''}|${q.name}`;

/**
 * Matches every query against the source, in one statement; answers by query, in order. The
 * same (name, scope) asked by many rows is looked for once.
 */
export async function matchNames(
  db: Executor,
  source: CatalogueSource,
  queries: readonly NameQuery[],
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
  }));
  const rows = await executeRows(
    db,
    sql`
      WITH q AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS q(i int, name text, university_id int, campus_id int)
      ), c AS (${candidates(source)})
      SELECT q.i, m.id AS match_id, m.name AS match_name, m.exact, m.score
      FROM q
      LEFT JOIN LATERAL (
        SELECT c.id, c.name, ${norm(sql`c.name`)} = ${norm(sql`q.name`)} AS exact,
               similarity(${norm(sql`c.name`)}, ${norm(sql`q.name`)}) AS score
        FROM c
        WHERE (q.university_id IS NULL OR c.university_id = q.university_id)
          AND (q.campus_id IS NULL OR c.campus_id = q.campus_id)
        ORDER BY exact DESC, score DESC, c.id
        LIMIT 1
      ) m ON true`,
  );
  const byIndex = new Map<number, NameMatch>();
  for (const row of rows) {
    const i = Number(row.i);
    if (row.match_id === null || row.match_id === undefined) byIndex.set(i, {});
    else if (row.exact === true) {
      byIndex.set(i, { match: { id: Number(row.match_id), name: String(row.match_name) } });
    } else if (Number(row.score) >= SUGGESTION_THRESHOLD) {
      byIndex.set(i, { suggestion: String(row.match_name) });
    } else byIndex.set(i, {});
  }
  return queries.map((query) => byIndex.get(distinct.get(keyOf(query))!.i) ?? {});
}

/** " ¿Querías decir «X»?" when there is a suggestion, else the fallback advice. */
export function suggestionText(match: NameMatch, fallback: string): string {
  return match.suggestion ? ` ¿Querías decir «${match.suggestion}»?` : ` ${fallback}`;
}
