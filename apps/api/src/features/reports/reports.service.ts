import { sql, type SQL } from 'drizzle-orm';
import {
  DEDICATION_OPTIONS,
  DEDICATION_WEEKLY_HOURS,
  ODS,
  ORGANIZATION_TYPES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROJECT_WEEKS_ESTIMATE,
  SELECTED_APPLICATION_STATUS,
  STUDENT_GOALS,
  THESIS_STAGES,
  type ProjectStatus,
  type ProjectType,
  type ReportsApplications,
  type ReportsImpact,
  type ReportsMeta,
  type ReportsOverview,
  type ReportsProjects,
  type ReportsQuery,
  type ReportsStudents,
  type StudentGoal,
  type ThesisStage,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import { executeRows, type Row } from '../../db/statements';

/**
 * The admins' impact dashboard (ADR 0049). Every figure is counted by PostgreSQL in one statement
 * per call, whose text depends only on which filters are given (so each shape is prepared once,
 * db/statements.ts, and no `$1 IS NULL OR ...` hides an index from the planner). What is counted:
 *
 * - a student is the university's by `students.university_id`, and in the period by the day they
 *   signed up (`created_at`);
 * - a project is the university's when its campus is one of the university's (the form's
 *   "Universidad vinculada" and "Campus o facultad"), and in the period by the day it was created;
 * - an application is the university's when its student is, and in the period by the day it was
 *   sent; a selection is an application whose status is Seleccionado, counted with its
 *   application (the status keeps no date of its own);
 * - hours: each selection times its project's weekly hours times the weeks of a semester
 *   (DEDICATION_WEEKLY_HOURS, PROJECT_WEEKS_ESTIMATE in packages/shared);
 * - an organisation is active when it proposed a project counted, or selected a student for one
 *   of its projects in a selection counted.
 *
 * Days are Spain's: the period runs from `from` 00:00 to the end of `to` in Europe/Madrid.
 */

/** Spain's days (a literal: GROUP BY must see the same expression as SELECT). */
const ZONE = sql.raw(`'Europe/Madrid'`);

/** A FROM clause and its conditions, so a statement may join more tables to it. */
interface Source {
  from: SQL;
  where: SQL[];
}

const whereOf = ({ where }: Source): SQL =>
  where.length === 0 ? sql`TRUE` : sql.join(where, sql` AND `);

/** `column` within the period: from the start of `from` to the end of `to`, Spain's days. */
function inPeriod(column: SQL, { from, to }: ReportsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (from !== undefined) {
    conditions.push(sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${ZONE})`);
  }
  if (to !== undefined) {
    conditions.push(sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`);
  }
  return conditions;
}

/** The students counted: alias `s`. */
function studentsOf(query: ReportsQuery): Source {
  const where = inPeriod(sql`s.created_at`, query);
  if (query.university !== undefined) where.push(sql`s.university_id = ${query.university}`);
  return { from: sql`students s`, where };
}

/** The projects counted: alias `p`. */
function projectsOf(query: ReportsQuery): Source {
  const where = inPeriod(sql`p.created_at`, query);
  if (query.university !== undefined) {
    where.push(
      sql`p.campus_id IN (SELECT c.id FROM campuses c WHERE c.university_id = ${query.university})`,
    );
  }
  return { from: sql`projects p`, where };
}

/**
 * A literal, not a parameter: a statement prepared once and then planned generically still
 * matches the partial index of selections (applys_selected_idx, migration 0020).
 */
const IS_SELECTED = sql.raw(`a.status = '${SELECTED_APPLICATION_STATUS}'`);

/**
 * The applications counted: alias `a`; `onlySelected`, the selections alone. Their student `s` is
 * joined only when a university is asked (it is the student's university that counts).
 */
function applicationsOf(query: ReportsQuery, { onlySelected = false } = {}): Source {
  const where = inPeriod(sql`a.created_at`, query);
  if (onlySelected) where.push(IS_SELECTED);
  if (query.university === undefined) return { from: sql`applys a`, where };
  where.push(sql`s.university_id = ${query.university}`);
  return { from: sql`applys a JOIN students s ON s.id = a.student_id`, where };
}

/** Weekly hours times weeks for project `p` (the hours rule); NULL when it states no dedication. */
const PROJECT_HOURS = sql`CASE p.dedication ${sql.join(
  DEDICATION_OPTIONS.map(
    (band) =>
      sql`WHEN ${band} THEN ${DEDICATION_WEEKLY_HOURS[band] * PROJECT_WEEKS_ESTIMATE}::numeric`,
  ),
  sql` `,
)} END`;

/**
 * `selected`: the selections counted, by project, with the project's ODS, organisation and the
 * hours they channel. Counted per project first (a tenth of the applications, read from their
 * partial index), so each project is joined once.
 */
function selectedCte(query: ReportsQuery): SQL {
  const selections = applicationsOf(query, { onlySelected: true });
  return sql`selected AS (
    SELECT p.ods, p.organization_id, x.selections, x.selections * ${PROJECT_HOURS} AS hours
    FROM (
      SELECT a.project_id, count(*) AS selections
      FROM ${selections.from} WHERE ${whereOf(selections)}
      GROUP BY a.project_id
    ) x JOIN projects p ON p.id = x.project_id
  )`;
}

/**
 * How many organisations were active (reads `selected`): they proposed a project counted, or
 * selected a student counted for one of their projects.
 */
function activeOrganizationsCount(query: ReportsQuery): SQL {
  const projects = projectsOf(query);
  return sql`(SELECT count(*) FROM (
    SELECT p.organization_id FROM ${projects.from}
    WHERE ${whereOf(projects)} AND p.organization_id IS NOT NULL
    UNION
    SELECT organization_id FROM selected WHERE organization_id IS NOT NULL
  ) o)::int`;
}

/**
 * One count per value, each a FILTER over the same rows (`<name>_0`, `<name>_1`... in the list's
 * order): a single pass counts every bar of a chart, where GROUP BY would hash every row once per
 * dimension.
 */
function countEach<V>(name: string, values: readonly V[], matches: (value: V) => SQL): SQL {
  return sql.join(
    values.map(
      (value, i) =>
        sql`count(*) FILTER (WHERE ${matches(value)})::int AS ${sql.raw(`${name}_${i}`)}`,
    ),
    sql`, `,
  );
}

/** `column` is the value (NULL: has none). */
const equals =
  (column: SQL) =>
  (value: string | null): SQL =>
    value === null ? sql`${column} IS NULL` : sql`${column} = ${value}`;

/** The ODS array `column` declares ODS `n` (a repeated number counts once). */
const declares =
  (column: SQL) =>
  (n: number): SQL =>
    sql`${n}::int = ANY(${column})`;

const ODS_NUMBERS = ODS.map((ods) => ods.number);

/** The counts `countEach` named `name`, added up over `rows`, by value in the list's order. */
function totalsOf<V>(
  rows: Row[],
  name: string,
  values: readonly V[],
): { value: V; count: number }[] {
  return values.map((value, i) => ({
    value,
    count: rows.reduce((sum, row) => sum + num(row[`${name}_${i}`]), 0),
  }));
}

function metaOf(query: ReportsQuery): ReportsMeta {
  return {
    filters: {
      university: query.university ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
    },
  };
}

function num(value: unknown): number {
  return Number(value ?? 0);
}

/** `GET /api/reports/overview`: the headline figures, each as its chart counts it. */
export async function reportOverview({ db }: AppContext, query: ReportsQuery) {
  const students = studentsOf(query);
  const projects = projectsOf(query);
  const applications = applicationsOf(query);
  const [row] = await executeRows(
    db,
    sql`
      WITH ${selectedCte(query)}
      SELECT 0 AS id,
        (SELECT count(*) FROM ${students.from} WHERE ${whereOf(students)})::int AS students,
        (SELECT count(*) FROM ${projects.from} WHERE ${whereOf(projects)})::int AS projects,
        (SELECT count(*) FROM ${applications.from} WHERE ${whereOf(applications)})::int
          AS applications,
        (SELECT coalesce(sum(selections), 0) FROM selected)::int AS selections,
        (SELECT coalesce(round(sum(hours)), 0) FROM selected)::int AS hours,
        ${activeOrganizationsCount(query)} AS active_organizations`,
  );
  const data: ReportsOverview = {
    students: num(row?.students),
    projects: num(row?.projects),
    applications: num(row?.applications),
    selections: num(row?.selections),
    hours: num(row?.hours),
    activeOrganizations: num(row?.active_organizations),
  };
  return { data, meta: metaOf(query) };
}

/** `GET /api/reports/students`: by degree, thesis stage and goal, in one pass over students. */
export async function reportStudents({ db }: AppContext, query: ReportsQuery) {
  const students = studentsOf(query);
  const stages = [...THESIS_STAGES, null];
  const goals = [...STUDENT_GOALS, null];
  // One row per degree, with its students by stage and goal; the degrees' names joined after.
  const rows = await executeRows(
    db,
    sql`
      WITH g AS (
        SELECT s.degree_id, count(*)::int AS count,
               ${countEach('stage', stages, equals(sql`s.thesis_stage`))},
               ${countEach('goal', goals, equals(sql`s.goal`))}
        FROM ${students.from} WHERE ${whereOf(students)}
        GROUP BY s.degree_id
      )
      SELECT 0 AS id, g.*, d.name AS degree_name FROM g LEFT JOIN degrees d ON d.id = g.degree_id`,
  );
  const byDegree = rows
    .map((row) => ({
      degree:
        row.degree_id === null ? null : { id: num(row.degree_id), name: String(row.degree_name) },
      count: num(row.count),
    }))
    // Most students first; equal counts by name; students without a degree last.
    .sort(
      (a, b) =>
        Number(a.degree === null) - Number(b.degree === null) ||
        b.count - a.count ||
        (a.degree?.name ?? '').localeCompare(b.degree?.name ?? '', 'es'),
    );
  const data: ReportsStudents = {
    total: byDegree.reduce((sum, row) => sum + row.count, 0),
    byDegree,
    byThesisStage: totalsOf<ThesisStage | null>(rows, 'stage', stages),
    byGoal: totalsOf<StudentGoal | null>(rows, 'goal', goals),
  };
  return { data, meta: metaOf(query) };
}

/** `GET /api/reports/projects`: by status, type, organisation type and ODS, in one pass. */
export async function reportProjects({ db }: AppContext, query: ReportsQuery) {
  const projects = projectsOf(query);
  // One row per organisation type (and one for projects without organisation), with its
  // projects by status, type and ODS.
  const rows = await executeRows(
    db,
    sql`
      SELECT 0 AS id, p.organization_id IS NOT NULL AS has_organization,
             o.type AS organization_type, count(*)::int AS count,
             ${countEach('status', PROJECT_STATUSES, equals(sql`p.status`))},
             ${countEach('type', PROJECT_TYPES, equals(sql`p.type`))},
             ${countEach('ods', ODS_NUMBERS, declares(sql`p.ods`))}
      FROM ${projects.from} LEFT JOIN organizations o ON o.id = p.organization_id
      WHERE ${whereOf(projects)}
      GROUP BY 2, 3`,
  );
  const byOrganization = new Map<string | null, number>();
  let withoutOrganization = 0;
  for (const row of rows) {
    if (row.has_organization) {
      const type = (row.organization_type as string | null) ?? null;
      byOrganization.set(type, num(row.count));
    } else {
      withoutOrganization += num(row.count);
    }
  }
  const known = new Set<string | null>(ORGANIZATION_TYPES);
  const others = [...byOrganization.keys()]
    .filter((type): type is string => type !== null && !known.has(type))
    .sort((a, b) => a.localeCompare(b, 'es'));
  const data: ReportsProjects = {
    total: rows.reduce((sum, row) => sum + num(row.count), 0),
    byStatus: totalsOf<ProjectStatus>(rows, 'status', PROJECT_STATUSES),
    byType: totalsOf<ProjectType>(rows, 'type', PROJECT_TYPES),
    byOrganizationType: [...ORGANIZATION_TYPES, ...others, null].map((value) => ({
      value,
      count: byOrganization.get(value) ?? 0,
    })),
    withoutOrganization,
    byOds: totalsOf(rows, 'ods', ODS_NUMBERS).map(({ value, count }) => ({ ods: value, count })),
  };
  return { data, meta: metaOf(query) };
}

/** The months from the first counted to the last, those without a count as zeros. */
export function everyMonth<T extends { month: string }>(
  counted: T[],
  empty: (month: string) => T,
): T[] {
  const first = counted[0]?.month;
  const last = counted.at(-1)?.month;
  if (first === undefined || last === undefined) return [];
  const byMonth = new Map(counted.map((row) => [row.month, row]));
  const months: T[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(byMonth.get(key) ?? empty(key));
    if (key >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** `GET /api/reports/applications`: applications and selections by month (Spain's). */
export async function reportApplications({ db }: AppContext, query: ReportsQuery) {
  const applications = applicationsOf(query);
  // Counted by UTC hour first (plain arithmetic on each row), then the few thousand hours are
  // put in Spain's months: Spain's offsets are whole hours, so no application changes month, and
  // no row pays for a time-zone conversion.
  const rows = await executeRows(
    db,
    sql`
      SELECT 0 AS id,
             to_char(date_trunc('month', h.hour AT TIME ZONE ${ZONE}), 'YYYY-MM') AS month,
             sum(h.applications)::int AS applications, sum(h.selections)::int AS selections
      FROM (
        SELECT date_bin('1 hour', a.created_at, TIMESTAMPTZ '2000-01-01 00:00+00') AS hour,
               count(*) AS applications, count(*) FILTER (WHERE ${IS_SELECTED}) AS selections
        FROM ${applications.from} WHERE ${whereOf(applications)}
        GROUP BY 1
      ) h
      GROUP BY 2
      ORDER BY 2`,
  );
  const counted = rows.map((row) => ({
    month: String(row.month),
    applications: num(row.applications),
    selections: num(row.selections),
  }));
  const data: ReportsApplications = {
    applications: counted.reduce((sum, row) => sum + row.applications, 0),
    selections: counted.reduce((sum, row) => sum + row.selections, 0),
    months: everyMonth(counted, (month) => ({ month, applications: 0, selections: 0 })),
  };
  return { data, meta: metaOf(query) };
}

/** `GET /api/reports/impact`: hours, organisations active and the ODS summary. */
export async function reportImpact({ db }: AppContext, query: ReportsQuery) {
  const projects = projectsOf(query);
  const sumEach = (name: string, value: SQL) =>
    sql.join(
      ODS_NUMBERS.map(
        (n, i) =>
          sql`round(coalesce(sum(${value}) FILTER (WHERE ${declares(sql`selected.ods`)(n)}), 0))::int AS ${sql.raw(`${name}_${i}`)}`,
      ),
      sql`, `,
    );
  const [row] = await executeRows(
    db,
    sql`
      WITH ${selectedCte(query)}
      SELECT 0 AS id, s.*, pr.*, ${activeOrganizationsCount(query)} AS active_organizations
      FROM (
        SELECT coalesce(sum(selections), 0)::int AS selections,
               coalesce(sum(selections) FILTER (WHERE hours IS NULL), 0)::int AS without_dedication,
               round(coalesce(sum(hours), 0))::int AS hours,
               ${sumEach('selections', sql`selected.selections`)},
               ${sumEach('hours', sql`selected.hours`)}
        FROM selected
      ) s, (
        SELECT ${countEach('projects', ODS_NUMBERS, declares(sql`p.ods`))}
        FROM ${projects.from} WHERE ${whereOf(projects)}
      ) pr`,
  );
  const at = (name: string, i: number) => num(row?.[`${name}_${i}`]);
  const data: ReportsImpact = {
    hours: num(row?.hours),
    selections: num(row?.selections),
    selectionsWithoutDedication: num(row?.without_dedication),
    activeOrganizations: num(row?.active_organizations),
    byOds: ODS_NUMBERS.map((ods, i) => ({
      ods,
      projects: at('projects', i),
      selections: at('selections', i),
      hours: at('hours', i),
    })),
  };
  return { data, meta: metaOf(query) };
}
