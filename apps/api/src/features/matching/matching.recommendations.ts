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
import { forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
import type { RecommendedProjectsAnswer } from '@plataforma/shared';
import { cardsByIds } from '../projects/projects.cards';
import { PROJECT_UID } from '../projects/projects.lifecycles';
import { projectMatchColumns, studentMatchColumns } from './matching.columns';
import {
  HYBRID_POINTS,
  MATCH_WEIGHTS,
  normalizeName,
  SAME_TAG_POINTS,
  scoreMatch,
  type MatchStudent,
} from './matching.score';

/**
 * Project recommendations for a student (ADR 0026): candidates are narrowed in SQL (visible and
 * published, open, not applied to, the best by a coarse score), then scored in JS by the one pure
 * function `scoreMatch`.
 */

/** How many recommendations a student gets. */
export const RECOMMENDED_COUNT = 6;
/**
 * Projects scored in full per request: the best by a coarse score PostgreSQL computes (area,
 * place, shared tags: 65 of the 100 points), then the newest. Scoring every open project in JS
 * took seconds per request on a catalogue of 10,000 (bench, ADR 0026).
 */
export const RECOMMENDATION_SCAN_LIMIT = 300;

/** Still open to applications (the applications refuse a passed deadline). */
const isOpen = or(
  isNull(projects.application_deadline),
  gte(projects.application_deadline, sql`current_date`),
);

export type Recommendation = RecommendedProjectsAnswer['data'][number];

/**
 * The best published projects for the signed-in student: those of the catalogue they may see
 * (the access policy, published), open, not applied to, score above 0, by score then newest, as
 * cards (projects.cards.ts). 403 for anyone who is not a student. What the answer read is added
 * to `tables`.
 */
export async function recommendedProjects(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
  tables?: TableSink,
): Promise<Recommendation[]> {
  if (actor.kind !== 'user' || actor.role !== 'student') throw forbidden();
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

  const today = new Date();
  const best = candidates
    .map((project) => ({ project, match: scoreMatch(student, project, today) }))
    .filter(({ match }) => match.score > 0)
    // Candidates come newest first and Array.prototype.sort is stable: equal scores stay newest first.
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, RECOMMENDED_COUNT);
  if (best.length === 0) return [];

  const cards = await cardsByIds(
    db,
    actor,
    best.map(({ project }) => project.id),
    tables,
  );
  return best.flatMap(({ project, match }) => {
    const card = cards.get(project.id);
    return card ? [{ ...card, ...match }] : [];
  });
}

/** A name as `normalizeName` makes it (case, accents and surrounding spaces ignored), in SQL. */
const normalized = (value: SQL) => sql`lower(unaccent(btrim(${value})))`;

/**
 * The part of the score PostgreSQL can tell cheaply, to pick the projects worth scoring in full:
 * the student's area among the project's (30), the place (same province or remote 15, hybrid 8)
 * and shared interest tags (10 each, 20 at most), with the weights of `MATCH_WEIGHTS`.
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
