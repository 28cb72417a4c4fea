import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ReportsApplications,
  ReportsImpact,
  ReportsOverview,
  ReportsProjects,
  ReportsStudents,
} from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  createApply,
  createCampus,
  createDegree,
  createOrganization,
  createProject,
  createStudent,
  createUniversity,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { rowsOf } from '../../lib/strapi/read';
import { everyMonth } from './reports.service';

/**
 * The impact dashboard (ADR 0049): every figure of every call equals what SQL written by hand here
 * counts (written differently from the service: days compared as Spain's dates, the hours rule
 * with its numbers spelt out), for one university, every university, a period and both; plus the
 * figures a small population was built to give, the period's edges in Spain's time, and who may
 * call.
 */

let app: FastifyInstance;
let admin: Record<string, string>;

interface Population {
  university: number;
  other: number;
  degrees: { a: { id: number; name: string }; b: { id: number; name: string } };
  organizations: { ngo: number; foundation: number; ownType: number; noType: number };
}
let population: Population;

const at = (iso: string) => new Date(iso);

/**
 * Two universities. Times are UTC: 2025-03-31T22:30Z is 1 April in Spain (summer time), and
 * 2025-06-30T21:59Z / 22:00Z the last minute of June and the first of July.
 */
async function seed(): Promise<Population> {
  const university = await createUniversity();
  const other = await createUniversity();
  const [u1, u2, v1] = [
    await createCampus({ universityId: university.id }),
    await createCampus({ universityId: university.id }),
    await createCampus({ universityId: other.id }),
  ];
  const a = await createDegree({ name: unique('Grado en Trabajo Social') }, [u1.id, v1.id]);
  const b = await createDegree({ name: unique('Grado en Enfermería') }, [u2.id]);
  const ngo = await createOrganization({ type: 'ONG' });
  const foundation = await createOrganization({ type: 'Fundación' });
  const ownType = await createOrganization({ type: 'Colectivo vecinal' });
  const noType = await createOrganization({ type: null });
  // An organisation that does nothing at this university: never active for it.
  await createOrganization({ type: 'ONG' });

  const student = (
    degree: { id: number } | null,
    thesis_stage: 'unknown' | 'choosing' | 'doing' | 'finished' | null,
    goal: 'unknown' | 'work' | 'study' | null,
    createdAt: string,
    universityId = university.id,
  ) =>
    createStudent({
      universityId,
      degreeId: degree?.id ?? null,
      thesis_stage,
      goal,
      createdAt: at(createdAt),
    });
  const s1 = await student(a, 'doing', 'work', '2025-01-15T10:00:00Z');
  const s2 = await student(a, 'choosing', 'study', '2025-02-10T10:00:00Z');
  const s3 = await student(b, 'doing', null, '2025-03-31T22:30:00Z');
  await student(null, null, 'unknown', '2025-04-20T10:00:00Z');
  const s5 = await student(b, 'finished', 'work', '2025-06-30T21:59:00Z');
  const s6 = await student(a, 'unknown', 'work', '2025-06-30T22:00:00Z');
  const t1 = await student(a, 'doing', 'work', '2025-02-01T10:00:00Z', other.id);
  const t2 = await student(b, 'choosing', 'study', '2025-05-05T10:00:00Z', other.id);

  const p1 = await createProject({
    campusId: u1.id,
    status: 'Publicada',
    type: 'Impacto social',
    ods: [1, 4],
    dedication: 'Entre 5 y 10 horas semanales',
    organizationId: ngo.id,
    createdAt: at('2025-01-20T10:00:00Z'),
  });
  // A teacher's project; its ODS 4 is written twice and counts once.
  const p2 = await createProject({
    campusId: u2.id,
    status: 'Terminada',
    type: 'TFG/TFM',
    ods: [4, 4, 13],
    dedication: 'Más de 20 horas semanales',
    createdAt: at('2025-03-05T10:00:00Z'),
  });
  const p3 = await createProject({
    campusId: u1.id,
    status: 'Pendiente',
    type: 'TFG/TFM',
    ods: null,
    dedication: null,
    organizationId: ownType.id,
    createdAt: at('2025-04-02T10:00:00Z'),
  });
  await createProject({
    campusId: u2.id,
    status: 'Rechazada',
    type: 'Impacto social',
    ods: [17],
    dedication: 'Menos de 5 horas semanales',
    organizationId: noType.id,
    createdAt: at('2025-07-15T10:00:00Z'),
  });
  const q1 = await createProject({
    campusId: v1.id,
    status: 'Publicada',
    ods: [1],
    dedication: 'Entre 10 y 20 horas semanales',
    organizationId: foundation.id,
    createdAt: at('2025-02-02T10:00:00Z'),
  });
  // No campus: no university's project.
  const q2 = await createProject({
    campusId: null,
    status: 'Publicada',
    ods: [2],
    dedication: 'Entre 10 y 20 horas semanales',
    organizationId: foundation.id,
    createdAt: at('2025-03-03T10:00:00Z'),
  });

  const apply = (
    studentId: number,
    projectId: number,
    status: 'Enviada' | 'En revisión' | 'Seleccionado' | 'No seleccionado',
    createdAt: string,
  ) => createApply({ studentId, projectId, status, createdAt: at(createdAt) });
  await apply(s1.id, p1.id, 'Seleccionado', '2025-02-01T10:00:00Z');
  await apply(s2.id, p1.id, 'Enviada', '2025-02-15T10:00:00Z');
  await apply(s3.id, p2.id, 'Seleccionado', '2025-03-31T22:30:00Z');
  await apply(s3.id, q1.id, 'Seleccionado', '2025-04-10T10:00:00Z');
  await apply(s5.id, p3.id, 'Seleccionado', '2025-05-20T10:00:00Z');
  await apply(s6.id, q2.id, 'No seleccionado', '2025-07-02T10:00:00Z');
  await apply(t1.id, p1.id, 'Seleccionado', '2025-02-20T10:00:00Z');
  await apply(t2.id, q1.id, 'En revisión', '2025-05-06T10:00:00Z');
  await apply(s1.id, q2.id, 'Seleccionado', '2025-09-10T10:00:00Z');

  return {
    university: university.id,
    other: other.id,
    degrees: { a: { id: a.id, name: a.name }, b: { id: b.id, name: b.name } },
    organizations: {
      ngo: ngo.id,
      foundation: foundation.id,
      ownType: ownType.id,
      noType: noType.id,
    },
  };
}

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
  population = await seed();
});

interface Filters {
  university?: number;
  from?: string;
  to?: string;
}

async function report<T>(path: string, filters: Filters = {}, headers = admin) {
  const query = new URLSearchParams(
    Object.entries(filters).map(([key, value]) => [key, String(value)]),
  ).toString();
  const res = await app.inject({
    method: 'GET',
    url: `/api/reports/${path}${query ? `?${query}` : ''}`,
    headers,
  });
  return { status: res.statusCode, body: res.json<{ data: T; meta: unknown }>() };
}

async function data<T>(path: string, filters: Filters = {}): Promise<T> {
  const { status, body } = await report<T>(path, filters);
  expect(status).toBe(200);
  return body.data;
}

// --- SQL written by hand ------------------------------------------------------------------------
// Values are the test's own (ids and validated days), so they are spelt into the text.

/** The row's day in Spain within the period. */
function inPeriod(column: string, { from, to }: Filters): string {
  const day = `(${column} AT TIME ZONE 'Europe/Madrid')::date`;
  return [from ? `${day} >= DATE '${from}'` : 'TRUE', to ? `${day} <= DATE '${to}'` : 'TRUE'].join(
    ' AND ',
  );
}

const studentsWhere = (f: Filters) =>
  `${inPeriod('st.created_at', f)}${f.university ? ` AND st.university_id = ${f.university}` : ''}`;
const projectsWhere = (f: Filters) =>
  `${inPeriod('pr.created_at', f)}${
    f.university
      ? ` AND EXISTS (SELECT 1 FROM campuses ca WHERE ca.id = pr.campus_id AND ca.university_id = ${f.university})`
      : ''
  }`;
const applicationsWhere = (f: Filters) =>
  `${inPeriod('ap.created_at', f)}${
    f.university
      ? ` AND ap.student_id IN (SELECT id FROM students WHERE university_id = ${f.university})`
      : ''
  }`;

async function rows(text: string): Promise<Record<string, unknown>[]> {
  return rowsOf((await getTestDatabase()).db, sql.raw(text));
}
async function count(text: string): Promise<number> {
  const [row] = await rows(text);
  return Number(Object.values(row ?? {})[0] ?? 0);
}

/** The hours rule with its numbers spelt out: weekly hours x 15 weeks per selection. */
const HOURS = `(CASE pr.dedication
  WHEN 'Menos de 5 horas semanales' THEN 2.5 WHEN 'Entre 5 y 10 horas semanales' THEN 7.5
  WHEN 'Entre 10 y 20 horas semanales' THEN 15 WHEN 'Más de 20 horas semanales' THEN 20 END * 15)`;

async function expectedStudents(f: Filters): Promise<ReportsStudents> {
  const byDegree = await rows(
    `SELECT st.degree_id, d.name, count(*)::int AS n FROM students st
     LEFT JOIN degrees d ON d.id = st.degree_id WHERE ${studentsWhere(f)}
     GROUP BY st.degree_id, d.name`,
  );
  const by = async (column: string, values: (string | null)[]) =>
    Promise.all(
      values.map(async (value) => ({
        value,
        count: await count(
          `SELECT count(*) FROM students st WHERE ${studentsWhere(f)} AND st.${column} ${
            value === null ? 'IS NULL' : `= '${value}'`
          }`,
        ),
      })),
    );
  return {
    total: await count(`SELECT count(*) FROM students st WHERE ${studentsWhere(f)}`),
    byDegree: byDegree.map((row) => ({
      degree: row.degree_id === null ? null : { id: Number(row.degree_id), name: String(row.name) },
      count: Number(row.n),
    })),
    byThesisStage: (await by('thesis_stage', [
      'unknown',
      'choosing',
      'doing',
      'finished',
      null,
    ])) as ReportsStudents['byThesisStage'],
    byGoal: (await by('goal', ['unknown', 'work', 'study', null])) as ReportsStudents['byGoal'],
  };
}

async function expectedProjects(f: Filters): Promise<ReportsProjects> {
  const where = projectsWhere(f);
  const by = (values: string[], condition: (value: string) => string) =>
    Promise.all(
      values.map(async (value) => ({
        value,
        count: await count(
          `SELECT count(*) FROM projects pr WHERE ${where} AND ${condition(value)}`,
        ),
      })),
    );
  const organizationTypes = await rows(
    `SELECT o.type, count(*)::int AS n FROM projects pr JOIN organizations o ON o.id = pr.organization_id
     WHERE ${where} GROUP BY o.type`,
  );
  const ods = await rows(
    `SELECT n, count(DISTINCT pr.id)::int AS c FROM projects pr, unnest(pr.ods) AS n
     WHERE ${where} GROUP BY n`,
  );
  return {
    total: await count(`SELECT count(*) FROM projects pr WHERE ${where}`),
    byStatus: (await by(
      ['Pendiente', 'Por validar', 'Validada', 'Publicada', 'Rechazada', 'Terminada'],
      (v) => `pr.status = '${v}'`,
    )) as ReportsProjects['byStatus'],
    byType: (await by(
      ['Impacto social', 'TFG/TFM'],
      (v) => `pr.type = '${v}'`,
    )) as ReportsProjects['byType'],
    byOrganizationType: organizationTypes.map((row) => ({
      value: (row.type as string | null) ?? null,
      count: Number(row.n),
    })),
    withoutOrganization: await count(
      `SELECT count(*) FROM projects pr WHERE ${where} AND pr.organization_id IS NULL`,
    ),
    byOds: Array.from({ length: 17 }, (_, i) => ({
      ods: i + 1,
      count: Number(ods.find((row) => Number(row.n) === i + 1)?.c ?? 0),
    })),
  };
}

async function expectedApplications(f: Filters): Promise<ReportsApplications> {
  const months = await rows(
    `SELECT to_char(ap.created_at AT TIME ZONE 'Europe/Madrid', 'YYYY-MM') AS month,
            count(*)::int AS applications,
            count(*) FILTER (WHERE ap.status = 'Seleccionado')::int AS selections
     FROM applys ap WHERE ${applicationsWhere(f)} GROUP BY 1 ORDER BY 1`,
  );
  const counted = months.map((row) => ({
    month: String(row.month),
    applications: Number(row.applications),
    selections: Number(row.selections),
  }));
  return {
    applications: await count(`SELECT count(*) FROM applys ap WHERE ${applicationsWhere(f)}`),
    selections: await count(
      `SELECT count(*) FROM applys ap WHERE ${applicationsWhere(f)} AND ap.status = 'Seleccionado'`,
    ),
    months: everyMonth(counted, (month) => ({ month, applications: 0, selections: 0 })),
  };
}

const SELECTIONS = (f: Filters) =>
  `applys ap JOIN projects pr ON pr.id = ap.project_id
   WHERE ${applicationsWhere(f)} AND ap.status = 'Seleccionado'`;

async function expectedActiveOrganizations(f: Filters): Promise<number> {
  return count(
    `SELECT count(DISTINCT id) FROM (
       SELECT pr.organization_id AS id FROM projects pr WHERE ${projectsWhere(f)}
       UNION ALL
       SELECT pr.organization_id FROM ${SELECTIONS(f)}
     ) x`,
  );
}

async function expectedImpact(f: Filters): Promise<ReportsImpact> {
  const byOds = await Promise.all(
    Array.from({ length: 17 }, async (_, i) => {
      const n = i + 1;
      return {
        ods: n,
        projects: await count(
          `SELECT count(*) FROM projects pr WHERE ${projectsWhere(f)} AND ${n} = ANY(pr.ods)`,
        ),
        selections: await count(`SELECT count(*) FROM ${SELECTIONS(f)} AND ${n} = ANY(pr.ods)`),
        hours: await count(
          `SELECT round(coalesce(sum(${HOURS}), 0)) FROM ${SELECTIONS(f)} AND ${n} = ANY(pr.ods)`,
        ),
      };
    }),
  );
  return {
    hours: await count(`SELECT round(coalesce(sum(${HOURS}), 0)) FROM ${SELECTIONS(f)}`),
    selections: await count(`SELECT count(*) FROM ${SELECTIONS(f)}`),
    selectionsWithoutDedication: await count(
      `SELECT count(*) FROM ${SELECTIONS(f)} AND pr.dedication IS NULL`,
    ),
    activeOrganizations: await expectedActiveOrganizations(f),
    byOds,
  };
}

async function expectedOverview(f: Filters): Promise<ReportsOverview> {
  const impact = await expectedImpact(f);
  return {
    students: await count(`SELECT count(*) FROM students st WHERE ${studentsWhere(f)}`),
    projects: await count(`SELECT count(*) FROM projects pr WHERE ${projectsWhere(f)}`),
    applications: await count(`SELECT count(*) FROM applys ap WHERE ${applicationsWhere(f)}`),
    selections: impact.selections,
    hours: impact.hours,
    activeOrganizations: impact.activeOrganizations,
  };
}

/** Lists whose order the hand-written SQL does not fix, in one order for comparing. */
function unordered<T extends { byDegree?: unknown; byOrganizationType?: unknown }>(value: T): T {
  const key = (entry: unknown) => JSON.stringify(entry);
  const sorted = (list: unknown) =>
    Array.isArray(list)
      ? [...(list as unknown[])].sort((a, b) => key(a).localeCompare(key(b)))
      : list;
  return {
    ...value,
    ...(value.byDegree ? { byDegree: sorted(value.byDegree) } : {}),
    ...(value.byOrganizationType
      ? {
          byOrganizationType: sorted(
            (value.byOrganizationType as { count: number }[]).filter((row) => row.count > 0),
          ),
        }
      : {}),
  };
}

describe('every figure equals the SQL written by hand', () => {
  const filterSets = (): [string, Filters][] => [
    ['one university', { university: population.university }],
    ['every university', {}],
    ['a period', { from: '2025-04-01', to: '2025-06-30' }],
    [
      'a university and a period',
      { university: population.university, from: '2025-04-01', to: '2025-06-30' },
    ],
    ['a period open at its end', { university: population.university, from: '2025-04-01' }],
    ['a period open at its start', { university: population.other, to: '2025-03-31' }],
  ];

  it('GET /api/reports/overview', async () => {
    for (const [, filters] of filterSets()) {
      expect(await data('overview', filters)).toEqual(await expectedOverview(filters));
    }
  });

  it('GET /api/reports/students', async () => {
    for (const [, filters] of filterSets()) {
      expect(unordered(await data<ReportsStudents>('students', filters))).toEqual(
        unordered(await expectedStudents(filters)),
      );
    }
  });

  it('GET /api/reports/projects', async () => {
    for (const [, filters] of filterSets()) {
      expect(unordered(await data<ReportsProjects>('projects', filters))).toEqual(
        unordered(await expectedProjects(filters)),
      );
    }
  });

  it('GET /api/reports/applications', async () => {
    for (const [, filters] of filterSets()) {
      expect(await data('applications', filters)).toEqual(await expectedApplications(filters));
    }
  });

  it('GET /api/reports/impact', async () => {
    for (const [, filters] of filterSets()) {
      expect(await data('impact', filters)).toEqual(await expectedImpact(filters));
    }
  });
});

describe('the figures the population was built to give', () => {
  it("one university's overview: its students, its campuses' projects, its students' applications", async () => {
    const { university } = population;
    expect(await data('overview', { university })).toEqual({
      students: 6,
      projects: 4,
      // Its students' 7 applications, one to another university's project and two to a project
      // without campus; not the other university's student who applied to its project.
      applications: 7,
      selections: 5,
      // 7.5x15 + 20x15 + 15x15 + 0 (no dedication) + 15x15 = 862.5
      hours: 863,
      // Proposed a project here (NGO, own type, no type) or selected one of its students
      // (NGO, foundation); the idle NGO is not.
      activeOrganizations: 4,
    });
    const { body } = await report('overview', { university });
    expect(body.meta).toEqual({ filters: { university, from: null, to: null } });
  });

  it("the period is whole days of Spain: 1 April starts at 22:00 UTC on 31 March, and June's last minute is in", async () => {
    const { university } = population;
    expect(await data('overview', { university, from: '2025-04-01', to: '2025-06-30' })).toEqual({
      students: 3,
      projects: 1,
      applications: 3,
      selections: 3,
      hours: 525,
      activeOrganizations: 2,
    });
    const march = await data<ReportsOverview>('overview', { university, to: '2025-03-31' });
    expect(march).toMatchObject({ students: 2, applications: 2, selections: 1 });
    const oneDay = await data<ReportsOverview>('overview', {
      university,
      from: '2025-06-30',
      to: '2025-06-30',
    });
    expect(oneDay.students).toBe(1);
  });

  it('students: most first by degree (no degree last), every stage and goal in order', async () => {
    const { degrees } = population;
    expect(await data('students', { university: population.university })).toEqual({
      total: 6,
      byDegree: [
        { degree: degrees.a, count: 3 },
        { degree: degrees.b, count: 2 },
        { degree: null, count: 1 },
      ],
      byThesisStage: [
        { value: 'unknown', count: 1 },
        { value: 'choosing', count: 1 },
        { value: 'doing', count: 2 },
        { value: 'finished', count: 1 },
        { value: null, count: 1 },
      ],
      byGoal: [
        { value: 'unknown', count: 1 },
        { value: 'work', count: 3 },
        { value: 'study', count: 1 },
        { value: null, count: 1 },
      ],
    });
  });

  it('projects: every status and type; organisation types of the list first, then others, then not stated; an ODS written twice counts once', async () => {
    const projects = await data<ReportsProjects>('projects', { university: population.university });
    expect(projects.total).toBe(4);
    expect(projects.byStatus.map((row) => `${row.value}:${row.count}`)).toEqual([
      'Pendiente:1',
      'Por validar:0',
      'Validada:0',
      'Publicada:1',
      'Rechazada:1',
      'Terminada:1',
    ]);
    expect(projects.byType).toEqual([
      { value: 'Impacto social', count: 2 },
      { value: 'TFG/TFM', count: 2 },
    ]);
    expect(projects.byOrganizationType.filter((row) => row.count > 0)).toEqual([
      { value: 'ONG', count: 1 },
      { value: 'Colectivo vecinal', count: 1 },
      { value: null, count: 1 },
    ]);
    expect(projects.byOrganizationType.at(-1)).toEqual({ value: null, count: 1 });
    expect(projects.withoutOrganization).toBe(1);
    expect(projects.byOds.filter((row) => row.count > 0)).toEqual([
      { ods: 1, count: 1 },
      { ods: 4, count: 2 },
      { ods: 13, count: 1 },
      { ods: 17, count: 1 },
    ]);
    expect(projects.byOds).toHaveLength(17);
  });

  it('applications: by month of Spain, every month between the first and the last', async () => {
    expect(await data('applications', { university: population.university })).toEqual({
      applications: 7,
      selections: 5,
      months: [
        { month: '2025-02', applications: 2, selections: 1 },
        { month: '2025-03', applications: 0, selections: 0 },
        { month: '2025-04', applications: 2, selections: 2 },
        { month: '2025-05', applications: 1, selections: 1 },
        { month: '2025-06', applications: 0, selections: 0 },
        { month: '2025-07', applications: 1, selections: 0 },
        { month: '2025-08', applications: 0, selections: 0 },
        { month: '2025-09', applications: 1, selections: 1 },
      ],
    });
  });

  it('impact: hours per ODS of the selected projects, selections without dedication apart', async () => {
    const impact = await data<ReportsImpact>('impact', { university: population.university });
    expect(impact).toMatchObject({
      hours: 863,
      selections: 5,
      selectionsWithoutDedication: 1,
      activeOrganizations: 4,
    });
    expect(impact.byOds.filter((row) => row.projects + row.selections > 0)).toEqual([
      { ods: 1, projects: 1, selections: 2, hours: 338 },
      { ods: 2, projects: 0, selections: 1, hours: 225 },
      { ods: 4, projects: 2, selections: 2, hours: 413 },
      { ods: 13, projects: 1, selections: 1, hours: 300 },
      { ods: 17, projects: 1, selections: 0, hours: 0 },
    ]);
  });

  it('a university nobody knows has nothing to count', async () => {
    expect(await data('overview', { university: 2_000_000_000 })).toEqual({
      students: 0,
      projects: 0,
      applications: 0,
      selections: 0,
      hours: 0,
      activeOrganizations: 0,
    });
    expect(await data('applications', { university: 2_000_000_000 })).toEqual({
      applications: 0,
      selections: 0,
      months: [],
    });
  });
});

describe('who may call and what is refused', () => {
  const PATHS = ['overview', 'students', 'projects', 'applications', 'impact'];

  it('a visitor is 401, every other role 403, whatever the query', async () => {
    const others = await Promise.all(
      (['student', 'teacher', 'coordinator', 'authenticated'] as const).map(
        async (role) => (await signedIn(app, role)).headers,
      ),
    );
    for (const path of PATHS) {
      expect((await report(path, {}, {})).status).toBe(401);
      for (const headers of others) {
        const { status, body } = await report(path, {}, headers);
        expect(status).toBe(403);
        expect(body).toMatchObject({ data: null, error: { status: 403, name: 'ForbiddenError' } });
        // Refused before validation: a bad query says nothing of the rules to them.
        expect((await report(path, { from: 'ayer' }, headers)).status).toBe(403);
      }
    }
  });

  it.each([
    ['a day that does not exist', { from: '2025-02-30' }],
    ['a day written otherwise', { to: '30/06/2025' }],
    ['a period that ends before it starts', { from: '2025-06-01', to: '2025-05-31' }],
    ['a university that is not an id', { university: 'murcia' }],
  ])('%s is a 400', async (_case, filters) => {
    for (const path of PATHS) {
      const { status, body } = await report(path, filters as Filters);
      expect(status).toBe(400);
      expect(body).toMatchObject({ data: null, error: { name: 'ValidationError' } });
    }
  });

  it('an unknown parameter is a 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/reports/overview?universidad=1',
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('everyMonth', () => {
  it('fills the months between the first and the last, across a new year', () => {
    const empty = (month: string) => ({ month, n: 0 });
    expect(
      everyMonth(
        [
          { month: '2025-11', n: 1 },
          { month: '2026-02', n: 2 },
        ],
        empty,
      ).map((row) => `${row.month}:${row.n}`),
    ).toEqual(['2025-11:1', '2025-12:0', '2026-01:0', '2026-02:2']);
    expect(everyMonth([], empty)).toEqual([]);
  });
});
