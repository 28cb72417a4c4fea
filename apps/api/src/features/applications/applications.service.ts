import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ApplicationsExportQuery, TeacherDashboard } from '@plataforma/shared';
import type { AppContext } from '../../context';
import {
  applys,
  projectProgresses,
  projects,
  students,
  teachers,
  universities,
  users,
} from '../../db/schema';
import { executeRows } from '../../db/statements';
import { forbidden, refusal } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import { and as andConditions, Compiler, toSql } from '../../lib/strapi/compile';
import { APPLY_UID, todayInMadrid } from './applications.lifecycles';
import { madridDateTime, toCsv } from './applications.csv';
import { applicationWithPeople, studentDegree } from './applications.facts';

/** Statuses a reviewer still has to decide on (the dashboard's "pending"). */
export const PENDING_STATUSES = ['Enviada', 'En revisión'] as const;
/** The most rows one export answers; more asks for narrower filters. */
export const MAX_EXPORT_ROWS = 50_000;
/** Recent candidates the teacher dashboard lists. */
const RECENT_CANDIDATES = 10;

export const EXPORT_HEADER = [
  'ID',
  'Estudiante',
  'Correo',
  'Universidad',
  'Titulación',
  'Proyecto',
  'Organización',
  'Estado',
  'Fecha de inscripción',
  'Última actualización',
  'Tutor o tutora',
  'Correo del tutor o tutora',
] as const;

export interface ApplicationsExport {
  filename: string;
  csv: string;
}

/**
 * `GET /api/applys/export` (admins): the applications the same Strapi `filters` as
 * `GET /api/applys` select, parsed and compiled by the engine (with the reader's scope, so the
 * rule stays the engine's), as a CSV for a spreadsheet, newest first.
 */
export async function exportApplications(
  ctx: AppContext,
  actor: Actor,
  query: ApplicationsExportQuery,
): Promise<ApplicationsExport> {
  const { entities } = ctx;
  const type = entities.type(APPLY_UID);
  const filters = entities.parser.parseFilters(type, query.filters);
  const compiler = new Compiler(entities.registry, entities.parser, actor);
  const alias = compiler.alias();
  const where = toSql(
    andConditions([
      compiler.scope(type, alias, 'find'),
      filters ? compiler.filter(filters, type, alias, false) : true,
    ]),
  );
  const a = sql.raw(`"${alias}"`);
  const rows = await executeRows(
    ctx.db,
    sql`SELECT ${a}."id" AS "id",
          concat_ws(' ', "x_user"."name", "x_user"."surname") AS "student",
          "x_user"."email" AS "email",
          coalesce("x_university"."name", "x_student"."other_university") AS "university",
          coalesce("x_degree"."name", "x_student"."other_degree") AS "degree",
          "x_project"."title" AS "project",
          "x_organization"."name" AS "organization",
          ${a}."status" AS "status",
          (extract(epoch FROM ${a}."created_at") * 1000)::float8 AS "createdMs",
          (extract(epoch FROM ${a}."updated_at") * 1000)::float8 AS "updatedMs",
          concat_ws(' ', "x_tutor_user"."name", "x_tutor_user"."surname") AS "tutor",
          "x_tutor_user"."email" AS "tutorEmail"
        FROM "applys" ${a}
        JOIN "students" "x_student" ON "x_student"."id" = ${a}."student_id"
        JOIN "up_users" "x_user" ON "x_user"."id" = "x_student"."user_id"
        LEFT JOIN "universities" "x_university" ON "x_university"."id" = "x_student"."university_id"
        LEFT JOIN "degrees" "x_degree" ON "x_degree"."id" = "x_student"."degree_id"
        JOIN "projects" "x_project" ON "x_project"."id" = ${a}."project_id"
        LEFT JOIN "organizations" "x_organization" ON "x_organization"."id" = "x_project"."organization_id"
        LEFT JOIN "teachers" "x_tutor" ON "x_tutor"."id" = ${a}."tutor_asigned_id"
        LEFT JOIN "up_users" "x_tutor_user" ON "x_tutor_user"."id" = "x_tutor"."user_id"
        WHERE ${where}
        ORDER BY ${a}."created_at" DESC, ${a}."id" DESC
        LIMIT ${sql.raw(String(MAX_EXPORT_ROWS + 1))}`,
  );
  if (rows.length > MAX_EXPORT_ROWS) {
    throw refusal(
      'VALIDATION',
      `Hay más de ${MAX_EXPORT_ROWS} candidaturas: acota la exportación con filtros`,
    );
  }
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : null;
  const csv = toCsv(
    EXPORT_HEADER,
    rows.map((row) => [
      row.id,
      text(row.student),
      text(row.email),
      text(row.university),
      text(row.degree),
      text(row.project),
      text(row.organization),
      text(row.status),
      madridDateTime(Number(row.createdMs)),
      madridDateTime(Number(row.updatedMs)),
      text(row.tutor),
      text(row.tutorEmail),
    ]),
  );
  return { filename: `candidaturas-${todayInMadrid()}.csv`, csv };
}

const EMPTY_DASHBOARD: TeacherDashboard = {
  counts: { projects: 0, published: 0, pendingCandidates: 0, tutored: 0 },
  projects: [],
  candidates: [],
  tutored: [],
};

const nameOf = (u: { name: string | null; surname: string | null }) =>
  [u.name, u.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * `GET /api/teachers/dashboard` (teachers): the teacher's projects with their candidates, the
 * latest applications still to decide on, and the selected students they tutor (the assigned
 * tutor, else the project's teacher) with the project's progress.
 */
export async function teacherDashboard(ctx: AppContext, actor: Actor): Promise<TeacherDashboard> {
  if (actor.kind !== 'user' || actor.role !== 'teacher') throw forbidden();
  const { db } = ctx;
  const [teacher] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.userId, actor.userId))
    .limit(1);
  if (!teacher) return EMPTY_DASHBOARD;

  const pending = inArray(applys.status, [...PENDING_STATUSES]);
  const ownProjects = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      type: projects.type,
      application_deadline: projects.application_deadline,
      publishedAt: projects.publishedAt,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      total: count(applys.id),
      pending: sql<number>`count(${applys.id}) FILTER (WHERE ${pending})::int`,
    })
    .from(projects)
    .leftJoin(applys, eq(applys.projectId, projects.id))
    .where(eq(projects.teacherId, teacher.id))
    .groupBy(projects.id)
    .orderBy(desc(projects.updatedAt), desc(projects.id));

  const candidates = await applicationWithPeople(db, {
    id: applys.id,
    status: applys.status,
    supermatch: applys.supermatch,
    createdAt: applys.createdAt,
    studentId: students.id,
    name: users.name,
    surname: users.surname,
    degree: studentDegree,
    university: sql<string | null>`coalesce(${universities.name}, ${students.other_university})`,
    projectId: projects.id,
    projectTitle: projects.title,
  })
    .leftJoin(universities, eq(universities.id, students.universityId))
    .where(and(eq(projects.teacherId, teacher.id), pending))
    .orderBy(desc(applys.createdAt), desc(applys.id))
    .limit(RECENT_CANDIDATES);

  const tutored = await applicationWithPeople(db, {
    id: applys.id,
    status: applys.status,
    createdAt: applys.createdAt,
    updatedAt: applys.updatedAt,
    studentId: students.id,
    name: users.name,
    surname: users.surname,
    email: users.email,
    phone: users.phone,
    projectId: projects.id,
    projectTitle: projects.title,
    projectStatus: projects.status,
    progressId: projectProgresses.id,
    objectives: projectProgresses.objectives,
    frame: projectProgresses.frame,
    conclusions: projectProgresses.conclusions,
    defense: projectProgresses.defense,
    final: projectProgresses.final,
  })
    .leftJoin(projectProgresses, eq(projectProgresses.id, projects.progressId))
    .where(
      and(
        eq(applys.status, 'Seleccionado'),
        or(
          eq(applys.tutorAsignedId, teacher.id),
          and(isNull(applys.tutorAsignedId), eq(projects.teacherId, teacher.id)),
        ),
      ),
    )
    .orderBy(desc(applys.updatedAt), desc(applys.id));

  return {
    counts: {
      projects: ownProjects.length,
      published: ownProjects.filter((p) => p.publishedAt !== null).length,
      pendingCandidates: ownProjects.reduce((sum, p) => sum + Number(p.pending), 0),
      tutored: tutored.length,
    },
    projects: ownProjects.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      type: p.type,
      application_deadline: p.application_deadline,
      publishedAt: iso(p.publishedAt),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      candidates: { total: Number(p.total), pending: Number(p.pending) },
    })),
    candidates: candidates.map((c) => ({
      id: c.id,
      status: c.status,
      supermatch: c.supermatch,
      createdAt: c.createdAt.toISOString(),
      student: { id: c.studentId, name: nameOf(c), degree: c.degree, university: c.university },
      project: { id: c.projectId, title: c.projectTitle },
    })),
    tutored: tutored.map((t) => ({
      application: {
        id: t.id,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
      },
      student: { id: t.studentId, name: nameOf(t), email: t.email, phone: t.phone },
      project: { id: t.projectId, title: t.projectTitle, status: t.projectStatus },
      progress:
        t.progressId === null
          ? null
          : {
              id: t.progressId,
              objectives: t.objectives ?? false,
              frame: t.frame ?? false,
              conclusions: t.conclusions ?? false,
              defense: t.defense ?? false,
              final: t.final ?? false,
            },
    })),
  };
}
