import {
  and,
  desc,
  eq,
  getTableName,
  gte,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applys, degrees, projects, students } from '../../db/schema';
import { executeRows } from '../../db/statements';
import {
  andInto,
  andNotInto,
  clearBit,
  eachBit,
  emptyBits,
  isEmpty,
  orInto,
  type Bits,
} from '../../lib/bitset';
import { forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
import type { RecommendedProjectsAnswer } from '@plataforma/shared';
import { cardsByIds } from '../projects/projects.cards';
import { PROJECT_UID } from '../projects/projects.lifecycles';
import type { PublishedProjects, PublishedProjectsIndex } from '../projects/projects.published';
import { projectMatchColumns, studentMatchColumns } from './matching.columns';
import {
  HYBRID_POINTS,
  MATCH_WEIGHTS,
  normalizeName,
  matcherFor,
  SAME_TAG_POINTS,
  type MatchProject,
  type MatchStudent,
} from './matching.score';

/**
 * Project recommendations for a student (ADR 0026): candidates are narrowed (visible and
 * published, open, not applied to, the best by a coarse score) from the published projects in
 * memory, or in SQL when the process has none (ADR 0059), then scored in JS by the one pure
 * function of matching.score.ts.
 */

/** How many recommendations a student gets. */
export const RECOMMENDED_COUNT = 6;
/**
 * Projects scored in full per request: the best by a coarse score (area, place, shared tags: 65 of
 * the 100 points, names compared as PostgreSQL normalises them), then the newest. Scoring every
 * open project in JS took seconds per request on a catalogue of 10,000 (bench, ADR 0026).
 */
export const RECOMMENDATION_SCAN_LIMIT = 300;

/** Still open to applications (the applications refuse a passed deadline). */
const isOpen = or(
  isNull(projects.application_deadline),
  gte(projects.application_deadline, sql`current_date`),
);

export type Recommendation = RecommendedProjectsAnswer['data'][number];

/** What the recommendations read: the database, and the published projects in memory (ADR 0059). */
export type RecommendationContext = Pick<AppContext, 'db' | 'entities'> & {
  readonly publishedProjects?: PublishedProjectsIndex;
};

/**
 * The best published projects for the signed-in student: those of the catalogue they may see
 * (the access policy, published), open, not applied to, score above 0, by score then newest, as
 * cards (projects.cards.ts). 403 for anyone who is not a student. What the answer read is added
 * to `tables`.
 *
 * The candidates are chosen from the published projects in memory when the process has them
 * (ADR 0059), by PostgreSQL otherwise; both choose the same ones.
 */
export async function recommendedProjects(
  ctx: RecommendationContext,
  actor: Actor,
  tables?: TableSink,
): Promise<Recommendation[]> {
  if (actor.kind !== 'user' || actor.role !== 'student') throw forbidden();
  const published = await ctx.publishedProjects?.current();
  if (published) return recommendedFromMemory(ctx, published, actor, tables);
  const { db } = ctx;
  for (const table of [students, degrees, applys]) tables?.add(getTableName(table));
  const [student] = await db
    .select({ id: students.id, ...studentMatchColumns })
    .from(students)
    .leftJoin(degrees, eq(degrees.id, students.degreeId))
    .where(eq(students.userId, actor.userId))
    .limit(1);
  if (!student) return [];

  const candidates = await db
    .select({ id: projects.id, publishedAt: projects.publishedAt, ...projectMatchColumns })
    .from(projects)
    .where(
      and(
        ctx.entities.where(PROJECT_UID, actor, getTableName(projects), { visible: 'live' }, tables),
        isOpen,
        notExists(
          db
            .select({ one: sql`1` })
            .from(applys)
            .where(and(eq(applys.projectId, projects.id), eq(applys.studentId, student.id))),
        ),
      ),
    )
    .orderBy(desc(coarseScore(student)), desc(projects.publishedAt), desc(projects.id))
    .limit(RECOMMENDATION_SCAN_LIMIT);

  return bestOf(ctx, actor, student, candidates, undefined, tables);
}

/**
 * The candidates scored in full by `scoreMatch`: those above 0, best first (equal scores keep
 * the candidates' order, newest first), at most RECOMMENDED_COUNT, as cards (of the projects
 * still `visible`, when the candidates may be older than the cards).
 */
async function bestOf(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  student: MatchStudent,
  candidates: readonly ({ id: number } & MatchProject)[],
  visible: SQL | undefined,
  tables: TableSink | undefined,
): Promise<Recommendation[]> {
  const matcher = matcherFor(student, new Date());
  const best = candidates
    .map((project) => ({ project, score: matcher.score(project) }))
    .filter(({ score }) => score > 0)
    // Array.prototype.sort is stable: equal scores stay in the candidates' order.
    .sort((a, b) => b.score - a.score)
    .slice(0, RECOMMENDED_COUNT)
    .map(({ project }) => ({ project, match: matcher.match(project) }));
  if (best.length === 0) return [];

  const cards = await cardsByIds(
    ctx.db,
    actor,
    best.map(({ project }) => project.id),
    tables,
    visible,
  );
  return best.flatMap(({ project, match }) => {
    const card = cards.get(project.id);
    return card ? [{ ...card, ...match }] : [];
  });
}

/** The student's profile as the score reads it, and the projects they applied to. */
const STUDENT_WITH_APPLICATIONS = (userId: number) => sql`SELECT "s"."id" AS "id",
    "s"."student_area", coalesce("d"."name", "s"."other_degree") AS "degree", "s"."tags",
    "s"."province", "s"."study_type", "s"."work_deadline", "s"."competences",
    ARRAY(SELECT "a"."project_id" FROM ${applys} "a" WHERE "a"."student_id" = "s"."id") AS "applied"
  FROM ${students} "s" LEFT JOIN ${degrees} "d" ON "d"."id" = "s"."degree_id"
  WHERE "s"."user_id" = ${userId} LIMIT 1`;

/**
 * The recommendations from the published projects in memory (ADR 0059): the same candidates as
 * the SQL above (open on today's UTC date, as `current_date` in the API's sessions; not applied
 * to; the RECOMMENDATION_SCAN_LIMIT best by the coarse score, then newest), chosen without
 * asking PostgreSQL to score every open project. PostgreSQL reads the student and, at the end,
 * the cards of the best, checking they are still published.
 */
async function recommendedFromMemory(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  published: PublishedProjects,
  actor: Extract<Actor, { kind: 'user' }>,
  tables: TableSink | undefined,
): Promise<Recommendation[]> {
  for (const table of [students, degrees, applys]) tables?.add(getTableName(table));
  const [row] = await executeRows(ctx.db, STUDENT_WITH_APPLICATIONS(actor.userId), {
    plan: 'generic',
  });
  if (!row) return [];
  const student = row as unknown as MatchStudent & { applied: number[] | null };
  const visible = ctx.entities.where(PROJECT_UID, actor, 'p', { visible: 'live' }, tables);

  const candidates = published.openOnDay(new Date().toISOString().slice(0, 10)).slice();
  for (const id of student.applied ?? []) {
    const position = published.positionOf(id);
    if (position !== undefined) clearBit(candidates, position);
  }
  const positions = coarseBest(published, student, candidates, RECOMMENDATION_SCAN_LIMIT);
  return bestOf(
    ctx,
    actor,
    student,
    positions.map((position) => ({
      id: published.ids[position]!,
      ...published.matchFields[position]!,
    })),
    visible,
    tables,
  );
}

/**
 * The `limit` best candidates by `coarseScore`, then newest, worked out on the copy's sets of
 * the names PostgreSQL normalised (`CoarseSets`): the candidates fall into classes by their
 * points for place, area and tags, and positions are newest first, so each score's candidates
 * are taken in position order.
 */
function coarseBest(
  published: PublishedProjects,
  student: Pick<MatchStudent, 'student_area' | 'province' | 'tags'>,
  candidates: Bits,
  limit: number,
): number[] {
  const { coarse, size } = published;
  const none = emptyBits(size);
  const nameOf = (value: string | null | undefined) =>
    value?.trim() ? normalizeName(value) : null;
  const area = nameOf(student.student_area);
  const province = nameOf(student.province);
  const tags = new Set(
    (student.tags ?? []).filter((tag) => tag.trim() !== '').map((tag) => normalizeName(tag)),
  );
  const outside = (...sets: Bits[]) => {
    const bits = candidates.slice();
    for (const set of sets) andNotInto(bits, set);
    return bits;
  };

  // Place: remote or in the student's province, else hybrid, else nothing.
  const near = coarse.remote.slice();
  if (province !== null) orInto(near, coarse.byLocation.get(province) ?? none);
  const partly = andNotInto(coarse.hybrid.slice(), near);
  const places: [number, Bits][] = [
    [MATCH_WEIGHTS.place, near],
    [HYBRID_POINTS, partly],
    [0, outside(near, partly)],
  ];
  const inArea = area === null ? none : (coarse.byArea.get(area) ?? none);
  const areas: [number, Bits][] = [
    [MATCH_WEIGHTS.area, inArea],
    [0, outside(inArea)],
  ];
  // Tags: each of the project's tags the student chose counts (twice the same one too).
  const once = emptyBits(size);
  const twice = emptyBits(size);
  for (const tag of tags) {
    const holding = coarse.byTag.get(tag);
    if (!holding) continue;
    orInto(twice, andInto(once.slice(), holding));
    orInto(twice, coarse.byTagTwice.get(tag) ?? none);
    orInto(once, holding);
  }
  const tagClasses: [number, Bits][] = [
    [Math.min(MATCH_WEIGHTS.tags, 2 * SAME_TAG_POINTS), twice],
    [Math.min(MATCH_WEIGHTS.tags, SAME_TAG_POINTS), andNotInto(once.slice(), twice)],
    [0, outside(once)],
  ];

  const byScore = new Map<number, Bits>();
  for (const [placePoints, place] of places) {
    for (const [areaPoints, inOrOut] of areas) {
      for (const [tagPoints, tagged] of tagClasses) {
        const bits = andInto(andInto(andInto(candidates.slice(), place), inOrOut), tagged);
        if (isEmpty(bits)) continue;
        const score = placePoints + areaPoints + tagPoints;
        const same = byScore.get(score);
        byScore.set(score, same ? orInto(same, bits) : bits);
      }
    }
  }
  const best: number[] = [];
  for (const score of [...byScore.keys()].sort((a, b) => b - a)) {
    const complete = !eachBit(byScore.get(score)!, (position) => {
      best.push(position);
      return best.length < limit;
    });
    if (complete) break;
  }
  return best;
}

/** A name as `normalizeName` makes it (case, accents and surrounding spaces ignored), in SQL. */
const normalized = (value: SQL) => sql`lower(unaccent(btrim(${value})))`;

/**
 * The part of the score PostgreSQL can tell cheaply, to pick the projects worth scoring in full:
 * the student's area among the project's (30), the place (same province or remote 15, hybrid 8)
 * and shared interest tags (10 each, 20 at most), with the weights of `MATCH_WEIGHTS`.
 * `coarseBest` computes the same from the copy in memory (its names are this `normalized`):
 * change both together; matching.recommendations.test.ts compares their answers.
 */
function coarseScore(student: Pick<MatchStudent, 'student_area' | 'province' | 'tags'>): SQL {
  const area = student.student_area?.trim() ? normalizeName(student.student_area) : null;
  const province = student.province?.trim() ? normalizeName(student.province) : null;
  const tags = (student.tags ?? []).filter((tag) => tag.trim() !== '').map(normalizeName);
  const parts: SQL[] = [
    sql`CASE WHEN ${projects.presentiality} = 'Remoto' THEN ${MATCH_WEIGHTS.place}
      WHEN ${province === null ? sql`false` : sql`${normalized(sql`${projects.location}`)} = ${province}`} THEN ${MATCH_WEIGHTS.place}
      WHEN ${projects.presentiality} = 'Híbrido' THEN ${HYBRID_POINTS} ELSE 0 END`,
  ];
  if (area !== null) {
    parts.push(sql`CASE WHEN EXISTS (SELECT 1 FROM unnest(${projects.study_areas}) AS "a"
      WHERE ${normalized(sql`"a"`)} = ${area}) THEN ${MATCH_WEIGHTS.area} ELSE 0 END`);
  }
  if (tags.length > 0) {
    parts.push(sql`LEAST(${MATCH_WEIGHTS.tags}, ${SAME_TAG_POINTS} * (SELECT count(*)
      FROM unnest(${projects.tags}) AS "t" WHERE ${normalized(sql`"t"`)} = ANY(${sql.param(tags)}::text[])))`);
  }
  return sql`(${sql.join(parts, sql` + `)})`;
}
