import { sql, type SQL } from 'drizzle-orm';
import { forbidden } from '../../lib/errors';
import { roleOf, type Actor } from '../../lib/strapi/actor';
import { and, Compiler, toSql, type Condition } from '../../lib/strapi/compile';
import type { EntityService } from '../../lib/strapi/engine';
import { rowsOf } from '../../lib/strapi/read';
import type { Executor } from '../../db/handles';
import type { FilterObject } from '../../lib/strapi/types';
import { projectsPublishedBy } from '../projects/projects.people';

export const STUDENT_UID = 'api::student.student';

/** The roles that send announcements (ADR 0045). */
export const SENDER_ROLES = ['admin', 'teacher', 'coordinator'] as const;

/**
 * The candidates of the sender's own projects: the students who applied to one of them. An
 * admin reaches every student; a teacher or a coordinator only these (spec: coordinators and
 * teachers write to the candidates of their own projects, never to anyone else). "Their own"
 * is the one definition of projects.people.ts.
 */
function candidatesOf(actor: Actor): FilterObject | boolean {
  const projects = projectsPublishedBy(actor);
  if (projects === true || projects === false) return projects;
  return { applys: { project: projects } };
}

/**
 * The students an announcement reaches, as a condition on the row of `students` aliased `alias`
 * (ADR 0045). Three parts, ANDed:
 * - the audience, a filter object the sender wrote, parsed and compiled as a request's filters
 *   (untrusted): unknown or protected attributes are a 400, and every relation it walks
 *   (applications, projects, users) sees only the rows the sender may find, so a coordinator's
 *   `{"applys":{"status":"Seleccionado"}}` means "selected in my projects";
 * - the sender's find scope of students (access.policies.ts);
 * - for teachers and coordinators, the candidates of their own projects (narrower than their
 *   find scope: a tutor sees the students they tutor, but writes to their own candidates).
 * A request that names students out of reach is narrowed, never widened; a role that sends
 * nothing is refused.
 */
export function audienceCondition(
  entities: EntityService,
  actor: Actor,
  audience: unknown,
  alias: string,
): SQL {
  if (!(SENDER_ROLES as readonly string[]).includes(roleOf(actor))) throw forbidden();
  const type = entities.type(STUDENT_UID);
  const filters = entities.parser.parseFilters(type, audience, ['audience']);
  const compiler = new Compiler(entities.registry, entities.parser, actor);
  const candidates = candidatesOf(actor);
  const parts: Condition[] = [
    compiler.scope(type, alias, 'find'),
    typeof candidates === 'boolean'
      ? candidates
      : compiler.filter(entities.parser.parseScope(type, candidates), type, alias, true),
    filters ? compiler.filter(filters, type, alias, false) : true,
  ];
  return toSql(and(parts));
}

/** How many students the audience reaches now (the composer's live count). */
export async function countAudience(
  db: Executor,
  entities: EntityService,
  actor: Actor,
  audience: unknown,
): Promise<number> {
  const where = audienceCondition(entities, actor, audience, 'st');
  const [row] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS "count" FROM "students" "st" WHERE ${where}`,
  );
  return Number(row?.count ?? 0);
}
