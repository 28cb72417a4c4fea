import { getTableName, sql, type SQL } from 'drizzle-orm';
import { projectCardSchema, type ProjectCard } from '@plataforma/shared';
import {
  applys,
  files,
  organizations,
  projects,
  students,
  studentsFavoriteProjects,
  teachers,
  users,
} from '../../db/schema';
import { executeRows } from '../../db/statements';
import type { Executor } from '../../db/handles';
import type { Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
import type { ScalarAttribute } from '../../lib/strapi/types';
import { projectType } from './projects.content-types';

/**
 * The project card: what every list of projects answers for each one (the catalogue's search, a
 * publisher's own projects, a student's recommendations), rendered by PostgreSQL. Its shape is
 * the shared contract's `projectCardSchema`: each of its keys that is a column of the project is
 * read from that column, so a project field joins the cards by its entry in the contract alone;
 * the others are built here (who published it, the student's flags).
 */

/** Card keys that are not a column of the project: built by `cardAttributes`. */
const BUILT_KEYS = new Set(['organization', 'teacher', 'saved', 'applied']);

const CARD_COLUMNS: readonly ScalarAttribute[] = Object.keys(projectCardSchema.shape).flatMap(
  (name) => {
    if (BUILT_KEYS.has(name)) return [];
    const attribute = projectType.attributes.get(name);
    // A key the contract adds must be a column of the project or be built here: found at start.
    if (attribute?.kind !== 'scalar') {
      throw new Error(`The project card's "${name}" is neither a project column nor built`);
    }
    return [attribute];
  },
);

/** A column of the project row aliased `p` (every card statement reads projects as "p"). */
export const p = (column: string) => sql.raw(`"p"."${column}"`);

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);
/** A timestamp as Strapi answers it (2026-11-21T19:45:50.751Z). */
export const iso = (value: SQL) => sql`to_char(${value} AT TIME ZONE 'UTC', ${ISO})`;

function fieldValue({ type, column }: ScalarAttribute): SQL {
  switch (type) {
    case 'list':
      // Always a list, empty when there is none: clients never tell null from [] apart.
      return sql`coalesce(${p(column)}, '{}')`;
    case 'date':
      return sql`${p(column)}::text`;
    case 'datetime':
      return iso(p(column));
    default:
      return p(column);
  }
}

/** The tables a card reads: an answer made of cards depends on them (the answer cache). */
export const CARD_TABLES = [projects, organizations, files, teachers, users].map(getTableName);
/** What the student's flags read. */
const STUDENT_FLAG_TABLES = [students, studentsFavoriteProjects, applys].map(getTableName);

export type Attributes = [name: string, value: SQL][];

/**
 * The card's attributes of the project row `p` for this reader. Students also get whether they
 * saved the project and whether they applied to it (any application, a withdrawn one too: a
 * student applies to a project once).
 */
export function cardAttributes(actor: Actor, tables?: TableSink): Attributes {
  for (const table of CARD_TABLES) tables?.add(table);
  // Names of people are for signed-in readers (ADR 0012): visitors see the teacher's id only.
  const teacherName =
    actor.kind === 'user'
      ? sql`nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '')`
      : sql`NULL::text`;
  const attributes: Attributes = CARD_COLUMNS.map((attribute) => [
    attribute.name,
    fieldValue(attribute),
  ]);
  attributes.push(
    [
      'organization',
      // A private file's address is never shown.
      sql`(SELECT json_build_object('id', o.id, 'name', o.name, 'logoUrl', f.url)
           FROM ${organizations} o LEFT JOIN ${files} f ON f.id = o.logo_id AND NOT f.is_private
           WHERE o.id = ${p('organization_id')})`,
    ],
    [
      'teacher',
      sql`(SELECT json_build_object('id', t.id, 'name', ${teacherName})
           FROM ${teachers} t JOIN ${users} u ON u.id = t.user_id
           WHERE t.id = ${p('teacher_id')})`,
    ],
  );
  if (actor.kind === 'user' && actor.role === 'student') {
    for (const table of STUDENT_FLAG_TABLES) tables?.add(table);
    attributes.push(
      [
        'saved',
        sql`EXISTS (SELECT 1 FROM ${studentsFavoriteProjects} l JOIN ${students} s ON s.id = l.student_id
                    WHERE s.user_id = ${actor.userId} AND l.project_id = ${p('id')})`,
      ],
      [
        'applied',
        sql`EXISTS (SELECT 1 FROM ${applys} a JOIN ${students} s ON s.id = a.student_id
                    WHERE s.user_id = ${actor.userId} AND a.project_id = ${p('id')})`,
      ],
    );
  }
  return attributes;
}

/** `json_build_object` of attributes. */
export const objectOf = (members: Attributes) =>
  sql`json_build_object(${sql.join(
    members.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;

export interface ProjectCardEntry {
  id: number;
  attributes: ProjectCard;
}

/**
 * The cards of these projects for this reader, by id. The caller chose and checked the ids; one
 * that chose them from a copy (ADR 0059) passes the condition they must still meet on the row
 * `p`, and gets no card for the others.
 */
export async function cardsByIds(
  db: Executor,
  actor: Actor,
  ids: readonly number[],
  tables?: TableSink,
  where?: SQL,
): Promise<Map<number, ProjectCardEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await executeRows(
    db,
    sql`SELECT "p"."id" AS "id", ${objectOf(cardAttributes(actor, tables))}::text AS "attributes"
        FROM ${projects} "p" WHERE "p"."id" = ANY(${sql.param([...ids])}::int4[])${where ? sql` AND ${where}` : sql``}`,
    // One plan for any ids: planning the cards' subqueries cost more than running them.
    { plan: 'generic' },
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, attributes: JSON.parse(String(row.attributes)) as ProjectCard },
    ]),
  );
}
