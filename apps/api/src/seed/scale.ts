import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_STATUSES,
  DEDICATION_OPTIONS,
  INTEREST_THEMES,
  ORGANIZATION_SECTORS,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRESENTIALITY_OPTIONS,
  PROJECT_LANGUAGES,
  PROVINCES,
  REACHED_US_HOW_OPTIONS,
  STUDENT_GOALS,
  STUDY_AREAS,
  THESIS_STAGES,
  WORK_DEADLINES,
  type ApplicationStatus,
} from '@plataforma/shared';
import type { Database } from '../db/client';
import { campusesDegrees, students, teachers, users } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { DEMO_PASSWORD } from './demo';
import { APPLICATION_TEXTS, FIRST_NAMES, JOB_POSITIONS, SURNAMES } from './fixtures/people';
import { GENERIC_NOTIFICATIONS } from './fixtures/notifications';
import { insertRoles } from './steps/catalogue';

/**
 * Volume data for load tests: `npm run seed -- --scale N`. Everything is generated inside
 * PostgreSQL with INSERT ... SELECT FROM generate_series (no row crosses from Node), in one
 * transaction, on top of whatever the database holds. Each run is a batch with its own marker in
 * e-mails and usernames and takes primary keys after the highest existing one, so running it again
 * adds another batch instead of colliding.
 */

/**
 * Rows generated per unit of N (N = 100 gives 100k students, 10k projects, 1M notifications and
 * 50k published final works).
 */
export const SCALE_PER_UNIT = {
  organisations: 20,
  teachers: 50,
  students: 1_000,
  projects: 100,
  /** 2.5 per student: students with an even number apply to three projects, the others to two. */
  applications: 2_500,
  /** 10 per student. */
  notifications: 10_000,
  /** Published final works of the library, one in ten of the external repository. */
  works: 500,
} as const;

export type ScaleCounts = { [K in keyof typeof SCALE_PER_UNIT]: number };

export const MAX_SCALE = 1000;

export function scaleCounts(n: number): ScaleCounts {
  return {
    organisations: SCALE_PER_UNIT.organisations * n,
    teachers: SCALE_PER_UNIT.teachers * n,
    students: SCALE_PER_UNIT.students * n,
    projects: SCALE_PER_UNIT.projects * n,
    applications: SCALE_PER_UNIT.applications * n,
    notifications: SCALE_PER_UNIT.notifications * n,
    works: SCALE_PER_UNIT.works * n,
  };
}

/** Scale seeders on one database run one at a time. */
const SCALE_LOCK_KEY = 727_276;
/** Generated addresses live under their own subdomain, apart from the demo accounts. */
const EMAIL_DOMAIN = 'escala.demo.es';
/** Profile numbers of generated rows start above the hand-made ones (E0001...): E10001... */
const FIRST_GENERATED_KEY = 10_000;
/** Of every 20 projects, 17 are published; the other 3 cycle through the remaining statuses. */
const PUBLISHED_PER_20 = 17;

export interface ScaleResult extends ScaleCounts {
  batch: string;
  ms: number;
}

/** Generates the volume of scale `n` (1 to 1000); see the module comment. */
export async function seedScale(
  db: Database,
  n: number,
  log: FastifyBaseLogger,
): Promise<ScaleResult> {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SCALE) {
    throw new RangeError(`La escala debe ser un entero entre 1 y ${MAX_SCALE} (se recibió ${n})`);
  }
  const counts = scaleCounts(n);
  const batch = `b${Date.now().toString(36)}`;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const started = performance.now();
  log.info({ n, batch, ...counts }, 'scale seed: starting');

  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${int(SCALE_LOCK_KEY)})`);
    const roleIds = await insertRoles({ tx });
    const studentBase = await nextKeyBase(tx, 'student');
    const teacherBase = await nextKeyBase(tx, 'teacher');
    const degreeCount = Math.max(1, await tx.$count(campusesDegrees));
    const p: ScaleParams = {
      ...counts,
      batch,
      passwordHash,
      studentBase,
      teacherBase,
      degreeCount,
      roleIds: {
        coordinator: roleIds.coordinator,
        teacher: roleIds.teacher,
        student: roleIds.student,
      },
    };
    const steps: [string, (tx: Database, p: ScaleParams) => Promise<void>][] = [
      ['work tables', createWorkTables],
      ['organisations and coordinators', insertOrganisations],
      ['teachers', insertTeachers],
      ['students', insertStudents],
      ['projects', insertProjects],
      ['applications', insertApplications],
      ['notifications', insertNotifications],
      ['library works', insertLibraryWorks],
    ];
    for (const [name, step] of steps) {
      const t0 = performance.now();
      await step(tx, p);
      log.info({ ms: Math.round(performance.now() - t0) }, `scale seed: ${name}`);
    }
  });

  const t0 = performance.now();
  await db.execute(sql`ANALYZE`);
  log.info({ ms: Math.round(performance.now() - t0) }, 'scale seed: analyze');
  const ms = Math.round(performance.now() - started);
  log.info({ ms, batch }, 'scale seed: done');
  return { ...counts, batch, ms };
}

interface ScaleParams extends ScaleCounts {
  batch: string;
  passwordHash: string;
  studentBase: number;
  teacherBase: number;
  degreeCount: number;
  roleIds: { coordinator: number; teacher: number; student: number };
}

/** Numbers after the highest profile key in use, never below FIRST_GENERATED_KEY. */
async function nextKeyBase(tx: Database, kind: 'student' | 'teacher'): Promise<number> {
  const table = kind === 'student' ? students : teachers;
  const [row] = await tx
    .select({ max: sql<number | null>`max(substring(${table.primaryKey} from 2)::bigint)` })
    .from(table);
  return Math.max(FIRST_GENERATED_KEY, Number(row?.max ?? 0));
}

// --- SQL building blocks ------------------------------------------------------------------------
// Values below are this module's own constants and validated integers; they are written as SQL
// literals so the statements can be read (and EXPLAINed) as they run.

function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

function text(value: string): SQL {
  return sql.raw(quote(value));
}

/** `(ARRAY[...])[1 + (index) % length]`: the element an integer expression picks, cycling. */
function pick(values: readonly string[], index: SQL): SQL {
  return sql`(${sql.raw(`ARRAY[${values.map(quote).join(', ')}]::text[]`)})[1 + ((${index}) % ${int(values.length)})]`;
}

const INTEREST_TAGS = INTEREST_THEMES.flatMap((t) => t.tags);
const PROVINCE_NAMES = PROVINCES.map((p) => p.name);
/** Towns flattened, 5 per province in province order: town k of province p is at 5p + k. */
const TOWNS = PROVINCES.flatMap((p) => p.cities);
const AREA_NAMES = STUDY_AREAS.map((a) => a.name);
const SUBAREAS = STUDY_AREAS.flatMap((a) => a.subareas);
/** The area of each entry of SUBAREAS, at the same position. */
const SUBAREA_AREAS = STUDY_AREAS.flatMap((a) => a.subareas.map(() => a.name));

/** Province number (0-51) and a town of it for an integer expression. */
function place(index: SQL): { province: SQL; town: SQL } {
  const p = sql`((${index}) % 52)`;
  return {
    province: pick(PROVINCE_NAMES, p),
    town: sql`(${sql.raw(`ARRAY[${TOWNS.map(quote).join(', ')}]::text[]`)})[1 + ${p} * 5 + ((${index}) / 52) % 5]`,
  };
}

function fullName(i: SQL): { name: SQL; surname: SQL } {
  return {
    name: pick(FIRST_NAMES, i),
    surname: sql`${pick(SURNAMES, sql`(${i}) / 7`)} || ' ' || ${pick(SURNAMES, sql`(${i}) / 3 + 11`)}`,
  };
}

/** "+346xxxxxxxx" (E.164, as phones are stored: ADR 0034), varied by the integer expression. */
function phone(i: SQL): SQL {
  return sql`'+346' || lpad(((${i}) % 100)::text, 2, '0') || lpad((((${i}) * 37) % 1000)::text, 3, '0') || lpad((((${i}) * 91) % 1000)::text, 3, '0')`;
}

/** A well-formed DNI: 8 digits and the check letter of the number. */
function dniOf(i: SQL): SQL {
  const number = sql`((10000000 + (${i}) * 7) % 100000000)`;
  return sql`lpad(${number}::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', (${number} % 23)::int + 1, 1)`;
}

/** Username and e-mail of generated user `kind` number `i` of this batch. */
function account(p: ScaleParams, kind: 'c' | 'p' | 'e', i: SQL): { username: SQL; email: SQL } {
  return {
    username: sql`${text(`escala_${p.batch}_${kind}`)} || (${i})`,
    email: sql`${text(kind)} || (${i}) || ${text(`.${p.batch}@${EMAIL_DOMAIN}`)}`,
  };
}

/** The number at the end of a generated username. */
const USERNAME_NUMBER = sql.raw(`substring(username from '([0-9]+)$')::int`);

function usersInsert(p: ScaleParams, kind: 'c' | 'p' | 'e', count: number, roleId: number): SQL {
  const i = sql.raw('g.i');
  const { username, email } = account(p, kind, i);
  const { name, surname } = fullName(kind === 'e' ? i : sql`${i} * 13 + 5`);
  const profileType = { c: 'coordinator', p: 'teacher', e: 'student' }[kind];
  return sql`
    INSERT INTO up_users (username, email, password, confirmed, role_id, name, surname, phone,
                          profile_type, created_at, updated_at)
    SELECT ${username}, ${email}, ${p.passwordHash}::text, true, ${int(roleId)}, ${name}, ${surname},
           ${phone(i)}, ${text(profileType)}, now() - (g.i % 700) * interval '1 day', now()
    FROM generate_series(1, ${int(count)}) AS g(i)
    RETURNING id, ${USERNAME_NUMBER} AS i`;
}

// --- Steps ---------------------------------------------------------------------------------------

/** Work tables that map the batch's row numbers to the ids PostgreSQL gave them. */
async function createWorkTables(tx: Database): Promise<void> {
  // Degrees with their campus, university and call, numbered, to spread profiles over them.
  await tx.execute(sql`
    CREATE TEMP TABLE scale_degrees ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY cd.campus_id, cd.degree_id)::int AS rn,
           cd.degree_id, cd.campus_id, c.university_id, d.master,
           (SELECT min(cl.call_id) FROM calls_degrees_links cl WHERE cl.degree_id = d.id) AS call_id
    FROM campuses_degrees_links cd
    JOIN degrees d ON d.id = cd.degree_id
    JOIN campuses c ON c.id = cd.campus_id`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_degrees (rn)`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_orgs (i int PRIMARY KEY, organization_id int, coordinator_id int)
    ON COMMIT DROP`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_teachers (i int PRIMARY KEY, teacher_id int, campus_id int, degree_id int)
    ON COMMIT DROP`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_students (i int PRIMARY KEY, student_id int, call_id int, dni text)
    ON COMMIT DROP`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_published (rn int PRIMARY KEY, project_id int, teacher_id int,
                                       published_at timestamptz)
    ON COMMIT DROP`);
}

async function insertOrganisations(tx: Database, p: ScaleParams): Promise<void> {
  const i = sql.raw('g.i');
  const { province, town } = place(i);
  const kind = pick(
    ['Fundación', 'Asociación', 'Cooperativa', 'Red', 'Colectivo', 'Plataforma'],
    i,
  );
  const word = pick(
    [
      'Horizonte',
      'Raíces',
      'Puentes',
      'Semilla',
      'Brújula',
      'Tejido',
      'Impulso',
      'Faro',
      'Encuentro',
      'Alas',
    ],
    sql`${i} / 6`,
  );
  const { email } = account(p, 'c', i);
  const contact = fullName(sql`${i} * 13 + 5`);
  await tx.execute(sql`
    WITH u AS (${usersInsert(p, 'c', p.organisations, p.roleIds.coordinator)}),
    o AS (
      INSERT INTO organizations (name, type, sector, size, description, location, web, linkedin,
                                 reached_us_how, contact_phone, contact_mail, contact_name)
      SELECT ${kind} || ' ' || ${word} || ' ' || ${town},
             ${pick(ORGANIZATION_TYPES, i)}, ${pick(ORGANIZATION_SECTORS, sql`${i} / 2`)},
             ${pick(ORGANIZATION_SIZES, sql`${i} / 3`)},
             'Entidad de ' || ${town} || ' que trabaja en ' || lower(${pick(ORGANIZATION_SECTORS, sql`${i} / 2`)}) || ' con personas y comunidades de su entorno.',
             CASE WHEN ${town} = ${province} THEN ${town}
                  ELSE ${town} || ' (' || ${province} || ')' END,
             'https://entidad-' || g.i || '.example.org', 'https://www.linkedin.com/company/entidad-' || g.i,
             ${pick(REACHED_US_HOW_OPTIONS, i)}, ${phone(i)}, ${email},
             ${contact.name} || ' ' || ${contact.surname}
      FROM generate_series(1, ${int(p.organisations)}) AS g(i)
      RETURNING id, substring(contact_mail from '^c([0-9]+)[.]')::int AS i
    ),
    c AS (
      INSERT INTO coordinators (user_id, organization_id, job_position)
      SELECT u.id, o.id, ${pick(JOB_POSITIONS, sql.raw('u.i'))}
      FROM u JOIN o USING (i)
      RETURNING id, organization_id
    )
    INSERT INTO scale_orgs (i, organization_id, coordinator_id)
    SELECT o.i, o.id, c.id FROM o JOIN c ON c.organization_id = o.id`);
}

async function insertTeachers(tx: Database, p: ScaleParams): Promise<void> {
  const i = sql.raw('u.i');
  await tx.execute(sql`
    WITH u AS (${usersInsert(p, 'p', p.teachers, p.roleIds.teacher)}),
    t AS (
      INSERT INTO teachers (primary_key, user_id, university_id, campus_id, teacher_area, class_type,
                            invited, verification, published_at)
      SELECT 'P' || (${int(p.teacherBase)} + u.i), u.id, d.university_id, d.campus_id,
             ${pick(AREA_NAMES, i)},
             CASE WHEN d.master THEN 'Máster' ELSE 'Grado' END, u.i % 4 = 0, 'verified',
             now() - (u.i % 300) * interval '1 day'
      FROM u LEFT JOIN scale_degrees d ON d.rn = 1 + u.i % ${int(p.degreeCount)}
      RETURNING id, (substring(primary_key from 2)::bigint - ${int(p.teacherBase)})::int AS i, campus_id
    )
    INSERT INTO scale_teachers (i, teacher_id, campus_id, degree_id)
    SELECT t.i, t.id, t.campus_id, d.degree_id
    FROM t LEFT JOIN scale_degrees d ON d.rn = 1 + t.i % ${int(p.degreeCount)}`);
  await tx.execute(sql`
    INSERT INTO teachers_degrees_links (teacher_id, degree_id)
    SELECT teacher_id, degree_id FROM scale_teachers WHERE degree_id IS NOT NULL`);
}

async function insertStudents(tx: Database, p: ScaleParams): Promise<void> {
  const i = sql.raw('u.i');
  const { province } = place(i);
  const flag = (modulo: number, below: number) => sql`(${i} % ${int(modulo)} < ${int(below)})`;
  await tx.execute(sql`
    WITH u AS (${usersInsert(p, 'e', p.students, p.roleIds.student)}),
    s AS (
      INSERT INTO students (primary_key, user_id, degree_id, university_id, campus_id, province,
                            student_area, study_type, work_deadline, tags, reached_us_how,
                            competences, disability, dni, notification, thesis_stage, goal,
                            validated, qualification, published_at, created_at, updated_at)
      SELECT 'E' || (${int(p.studentBase)} + u.i), u.id, d.degree_id, d.university_id, d.campus_id,
             ${province}, ${pick(AREA_NAMES, sql`${i} / 52`)},
             CASE WHEN d.master THEN 'Máster' ELSE 'Grado' END,
             ${pick(WORK_DEADLINES, i)},
             ARRAY[${pick(INTEREST_TAGS, i)}, ${pick(INTEREST_TAGS, sql`${i} + 17`)}],
             ${pick(REACHED_US_HOW_OPTIONS, sql`${i} / 3`)},
             CASE WHEN ${flag(3, 2)} THEN jsonb_build_object(
               'flexibility', 2.5 + (${i} % 36) / 10.0, 'initiative', 2.5 + (${i} * 7 % 36) / 10.0,
               'teamwork', 2.5 + (${i} * 11 % 36) / 10.0, 'communication', 2.5 + (${i} * 13 % 36) / 10.0,
               'growthMindset', 2.5 + (${i} * 17 % 36) / 10.0) END,
             ${i} % 20 = 0, ${dniOf(i)},
             jsonb_build_object('pre_selected', true, 'not_selected', ${flag(5, 4)}, 'selected', true,
               'new_matching_projects', ${flag(3, 2)}, 'u4i_advice', ${flag(2, 1)},
               'save_projects_with_candidates', ${flag(4, 1)}, 'save_projects_selected', ${flag(2, 1)},
               'professional_offers', ${flag(5, 3)}, 'email', true, 'whatsapp', ${flag(4, 1)}),
             ${pick(THESIS_STAGES, sql`${i} / 5`)}, ${pick(STUDENT_GOALS, sql`${i} / 2`)},
             ${i} % 7 <> 0, CASE WHEN ${flag(5, 3)} THEN 5.5 + (${i} % 41) / 10.0 END,
             now() - (${i} % 365) * interval '1 day', now() - (${i} % 365) * interval '1 day', now()
      FROM u LEFT JOIN scale_degrees d ON d.rn = 1 + u.i % ${int(p.degreeCount)}
      RETURNING id, (substring(primary_key from 2)::bigint - ${int(p.studentBase)})::int AS i,
                degree_id, dni
    )
    INSERT INTO scale_students (i, student_id, call_id, dni)
    SELECT s.i, s.id, d.call_id, s.dni
    FROM s LEFT JOIN scale_degrees d ON d.degree_id = s.degree_id AND d.rn = 1 + s.i % ${int(p.degreeCount)}`);
}

const PROJECT_TOPICS = [
  'Huerto comunitario',
  'Banco de tiempo vecinal',
  'Mentorías para jóvenes',
  'Voluntariado con personas mayores',
  'Refuerzo escolar',
  'Comunidad energética',
  'App de movilidad accesible',
  'Mapa de datos abiertos',
  'Campaña de salud mental',
  'Taller de alfabetización digital',
  'Plan de comunicación para una ONG',
  'Reducción del desperdicio alimentario',
  'Ruta de patrimonio cultural',
  'Mural participativo',
  'Coro intergeneracional',
  'Programa de deporte inclusivo',
  'Guía de trámites en lectura fácil',
  'Estudio de pobreza energética',
  'Red de compostaje',
  'Clases de español para personas migrantes',
];

const OTHER_STATUSES = ['Pendiente', 'Por validar', 'Validada', 'Rechazada', 'Terminada'];

async function insertProjects(tx: Database, p: ScaleParams): Promise<void> {
  const i = sql.raw('g.i');
  const { province, town } = place(sql`${i} * 7`);
  const byOrganisation = sql`(${i} % 5 < 3)`;
  const status = sql`CASE WHEN ${i} % 20 < ${int(PUBLISHED_PER_20)} THEN 'Publicada'
                          ELSE ${pick(OTHER_STATUSES, sql`${i} / 20`)} END`;
  const subarea = sql`(${i} / 3)`;
  const topic = pick(PROJECT_TOPICS, i);
  await tx.execute(sql`
    WITH p AS (
      INSERT INTO projects (title, description, status, type, objectives, ods, ods_explanation,
                            academic_profile, requirements, working_method, tags, internship,
                            language, presentiality, location, locality, organization_id,
                            teacher_id, coordinator_id, visibility_consent, remuneration, dedication,
                            campus_id, validated, application_deadline, study_areas, study_subareas,
                            published_at, created_at, updated_at)
      SELECT ${topic} || ' en ' || ${town},
             'Proyecto de ' || lower(${topic}) || ' en ' || ${town} || ' (' || ${province} || '), abierto a estudiantes que quieran aplicar lo que aprenden a un reto social real.',
             x.status,
             CASE WHEN ${byOrganisation} AND ${i} % 2 = 0 THEN 'Impacto social' ELSE 'TFG/TFM' END,
             'Analizar la situación de partida.' || chr(10) || 'Diseñar y ejecutar la intervención.' || chr(10) || 'Medir y comunicar los resultados.',
             ARRAY[1 + ${i} % 17, 1 + (${i} + 5) % 17],
             'Contribuye a los ODS ' || (1 + ${i} % 17) || ' y ' || (1 + (${i} + 5) % 17) || '.',
             'Estudiantes de ' || ${pick(SUBAREA_AREAS, subarea)} || '.',
             'Interés por el impacto social y ganas de aprender en equipo.',
             'Reunión semanal con la persona responsable y trabajo autónomo el resto de la semana.',
             ARRAY[${pick(INTEREST_TAGS, i)}, ${pick(INTEREST_TAGS, sql`${i} + 11`)}],
             ${i} % 6 = 0,
             CASE WHEN ${i} % 10 < 8 THEN 'Español' ELSE ${pick(PROJECT_LANGUAGES, sql`${i} / 10`)} END,
             ${pick(PRESENTIALITY_OPTIONS, i)}, ${province}, ${town},
             o.organization_id, t.teacher_id, o.coordinator_id, ${i} % 3 <> 0, ${i} % 4 = 0,
             ${pick(DEDICATION_OPTIONS, sql`${i} / 4`)},
             coalesce(t.campus_id, d.campus_id),
             x.status IN ('Validada', 'Publicada', 'Terminada'),
             CASE WHEN x.status = 'Terminada' THEN current_date - 30 ELSE current_date + 15 + ${i} % 90 END,
             ARRAY[${pick(SUBAREA_AREAS, subarea)}], ARRAY[${pick(SUBAREAS, subarea)}],
             CASE WHEN x.status = 'Publicada' THEN now() - (${i} % 180) * interval '1 day' END,
             now() - (${i} % 180 + 10) * interval '1 day', now()
      FROM generate_series(1, ${int(p.projects)}) AS g(i)
      CROSS JOIN LATERAL (SELECT ${status} AS status) x
      LEFT JOIN scale_orgs o ON ${byOrganisation} AND o.i = 1 + ${i} % ${int(p.organisations)}
      LEFT JOIN scale_teachers t ON NOT ${byOrganisation} AND t.i = 1 + ${i} % ${int(p.teachers)}
      LEFT JOIN scale_degrees d ON d.rn = 1 + ${i} % ${int(p.degreeCount)}
      RETURNING id, status, teacher_id, published_at
    )
    INSERT INTO scale_published (rn, project_id, teacher_id, published_at)
    SELECT row_number() OVER (ORDER BY id), id, teacher_id, published_at
    FROM p WHERE status = 'Publicada'`);
}

/** Mostly early stages; every status appears. */
const APPLICATION_STATUS_CYCLE: ApplicationStatus[] = [
  'Enviada',
  'Enviada',
  'En revisión',
  'Enviada',
  'Preseleccionado',
  'No seleccionado',
  'En revisión',
  'Suplente',
  'Seleccionado',
  'Retirada',
  'No seleccionado',
];
// Keep the cycle honest if the vocabulary grows.
if (!APPLICATION_STATUSES.every((s) => APPLICATION_STATUS_CYCLE.includes(s))) {
  throw new Error('APPLICATION_STATUS_CYCLE must hold every application status');
}

/**
 * 2.5 applications per student: student s applies to published projects (37s + j) mod P for
 * j = 0, 1 (and 2 when s is even). P is at least 85 (17 of every 20 projects are published), so
 * the three are different projects and (student, project) stays unique without checking.
 */
async function insertApplications(tx: Database, p: ScaleParams): Promise<void> {
  const turn = sql.raw('(s.i + j.j * 5)');
  const status = pick(APPLICATION_STATUS_CYCLE, turn);
  await tx.execute(sql`
    INSERT INTO applys (status, status_message, interest, motivation, good_candidate, availability,
                        supermatch, student_id, project_id, call_id, dni, tutor_asigned_id,
                        created_at, updated_at)
    SELECT x.status,
           CASE x.status WHEN 'Seleccionado' THEN '¡Enhorabuena! Nos encantará trabajar contigo.'
                         WHEN 'No seleccionado' THEN 'Gracias por tu interés. En esta ocasión hemos elegido otro perfil.' END,
           ${pick(APPLICATION_TEXTS.interest, sql.raw('s.i'))},
           ${pick(APPLICATION_TEXTS.motivation, sql.raw('s.i / 3'))},
           ${pick(APPLICATION_TEXTS.goodCandidate, sql.raw('s.i / 5'))},
           ${pick(APPLICATION_TEXTS.availability, sql.raw('s.i / 7'))},
           (s.i + j.j) % 8 = 0, s.student_id, pr.project_id, s.call_id, s.dni,
           CASE WHEN x.status = 'Seleccionado' THEN coalesce(pr.teacher_id, t.teacher_id) END,
           -- A project published in the last days would otherwise have applications from the future.
           least(now(), greatest(pr.published_at, now() - interval '180 days') + ((s.i + j.j) % 60) * interval '1 hour'),
           now()
    FROM scale_students s
    CROSS JOIN generate_series(0, 2) AS j(j)
    CROSS JOIN LATERAL (SELECT ${status} AS status) x
    JOIN scale_published pr
      ON pr.rn = 1 + (s.i * 37 + j.j) % (SELECT count(*) FROM scale_published)
    LEFT JOIN scale_teachers t ON t.i = 1 + s.i % ${int(p.teachers)}
    WHERE j.j < 2 OR s.i % 2 = 0
    ORDER BY s.i, j.j`);
}

/** Ten entries per student, spread over the last six months, about 60 % read. */
async function insertNotifications(tx: Database, p: ScaleParams): Promise<void> {
  const perStudent = p.notifications / p.students;
  const entry = sql.raw('(s.i + k.k)');
  const subjects = GENERIC_NOTIFICATIONS.map((n) => n.subject);
  const messages = GENERIC_NOTIFICATIONS.map((n) => n.message);
  await tx.execute(sql`
    INSERT INTO communication_centers (is_read, notification_subject, notification_message,
                                       student_id, created_at, updated_at)
    SELECT ${entry} % 10 < 6, ${pick(subjects, entry)}, ${pick(messages, entry)}, s.student_id,
           now() - ((s.i * 13 + k.k * 997) % 259200) * interval '1 minute',
           now() - ((s.i * 13 + k.k * 997) % 259200) * interval '1 minute'
    FROM scale_students s
    CROSS JOIN generate_series(1, ${int(perStudent)}) AS k(k)
    ORDER BY s.i, k.k`);
  // A long-standing reader for the bell's benchmark (a student with 2,000 entries, 5 % unread):
  // the demo student, when the demo data is there (docs/performance.md).
  await tx.execute(sql`
    INSERT INTO communication_centers (is_read, notification_subject, notification_message,
                                       student_id, created_at, updated_at)
    SELECT k.k % 20 <> 0, ${pick(subjects, sql.raw('k.k'))}, ${pick(messages, sql.raw('k.k'))}, s.id,
           now() - (k.k * 131) * interval '1 minute', now() - (k.k * 131) * interval '1 minute'
    FROM ${students} s JOIN ${users} u ON u.id = s.user_id
    CROSS JOIN generate_series(1, ${int(HEAVY_READER_ENTRIES)}) AS k(k)
    WHERE u.email = ${HEAVY_READER_EMAIL}`);
}

/** The student whose communication centre the bell's benchmark reads, and how many entries. */
export const HEAVY_READER_EMAIL = 'estudiante@demo.es';
export const HEAVY_READER_ENTRIES = 2_000;

// --- The library ---------------------------------------------------------------------------------
// Final works written from word lists: a title is an approach, a topic and a setting; the summary
// says the same with a method and a finding; the PDF's text is a few paragraphs, some of them with
// words that appear in no title or summary (techniques, tools), as inside real documents.

const WORK_APPROACHES = [
  'Análisis de',
  'Evaluación de',
  'Diseño de una intervención sobre',
  'Impacto de',
  'Estudio sobre',
  'Propuesta de mejora para',
  'Modelo de gestión de',
  'Estrategias para',
  'Percepción social de',
  'Indicadores de',
  'Retos y oportunidades de',
  'Una mirada crítica a',
];

/** A topic of a work and the sector it belongs to, at the same position. */
const WORK_TOPICS: [topic: string, sector: (typeof ORGANIZATION_SECTORS)[number]][] = [
  ['la economía circular', 'Medio ambiente'],
  ['las comunidades energéticas', 'Energía'],
  ['la salud mental adolescente', 'Salud'],
  ['el aprendizaje cooperativo', 'Educación'],
  ['la movilidad sostenible', 'Movilidad'],
  ['la inteligencia artificial en la docencia', 'Tecnología'],
  ['el turismo rural', 'Turismo sostenible'],
  ['la brecha digital', 'Tecnología'],
  ['la agricultura ecológica', 'Alimentación y agricultura'],
  ['el voluntariado universitario', 'Acción social'],
  ['la vivienda asequible', 'Vivienda y urbanismo'],
  ['la inclusión laboral de personas con discapacidad', 'Acción social'],
  ['la eficiencia energética de los edificios', 'Energía'],
  ['el patrimonio industrial', 'Cultura'],
  ['la alimentación escolar', 'Alimentación y agricultura'],
  ['los huertos urbanos', 'Medio ambiente'],
  ['la gamificación en el aula', 'Educación'],
  ['la adaptación al cambio climático', 'Medio ambiente'],
  ['la despoblación rural', 'Economía social'],
  ['la igualdad de género', 'Acción social'],
  ['la accesibilidad web', 'Tecnología'],
  ['el emprendimiento social', 'Economía social'],
  ['las finanzas éticas', 'Economía social'],
  ['la calidad del agua', 'Medio ambiente'],
  ['el reciclaje de plásticos', 'Medio ambiente'],
  ['la soledad no deseada', 'Acción social'],
  ['la telemedicina', 'Salud'],
  ['los cuidados paliativos', 'Salud'],
  ['la educación financiera', 'Educación'],
  ['la rehabilitación de viviendas', 'Vivienda y urbanismo'],
  ['el consumo responsable', 'Consultoría'],
  ['la biodiversidad urbana', 'Medio ambiente'],
  ['el acoso escolar', 'Educación'],
  ['la lectura fácil', 'Comunicación'],
  ['la cooperación al desarrollo', 'Cooperación internacional'],
  ['los datos abiertos', 'Tecnología'],
  ['la ciberseguridad', 'Tecnología'],
  ['el deporte inclusivo', 'Deporte'],
  ['la participación ciudadana', 'Comunicación'],
  ['la comunicación de la ciencia', 'Comunicación'],
];

const WORK_SETTINGS = [
  'en entornos rurales',
  'en la Región de Murcia',
  'en pequeñas empresas',
  'en centros de educación secundaria',
  'en personas mayores',
  'en el tercer sector',
  'en municipios costeros',
  'en la universidad',
  'en barrios vulnerables',
  'tras la pandemia',
  'en la Comunidad Valenciana',
  'en hospitales públicos',
  'en cooperativas agrarias',
  'en la administración local',
  'en jóvenes migrantes',
  'en el sector turístico',
  'en Andalucía',
  'en el comercio de proximidad',
  'en familias monoparentales',
  'en ciudades medias',
];

const WORK_OPENINGS = [
  'Este trabajo analiza',
  'Esta investigación estudia',
  'El trabajo propone un marco para entender',
  'Se examina',
  'Se evalúa',
  'Este proyecto aborda',
  'Se diseña y pone a prueba una intervención sobre',
  'Se revisa la literatura reciente sobre',
];

const WORK_METHODS = [
  'Se combinan entrevistas semiestructuradas con una encuesta a más de doscientas personas.',
  'La metodología es mixta: análisis documental, grupos focales y observación participante.',
  'Se construye una base de datos con registros públicos de los últimos diez años.',
  'Se realiza un estudio de caso en profundidad con tres entidades colaboradoras.',
  'Se aplica un diseño cuasiexperimental con grupo de control.',
  'Se sigue una revisión sistemática de artículos publicados desde 2010.',
  'El trabajo de campo se desarrolla durante seis meses junto a una organización local.',
  'Se elabora un prototipo que se valida con personas usuarias.',
  'Se comparan indicadores de varias comunidades autónomas.',
  'Se entrevista a profesionales, familias y responsables públicos.',
];

const WORK_FINDINGS = [
  'Los resultados muestran mejoras claras y señalan las barreras que persisten.',
  'Las conclusiones proponen recomendaciones prácticas para las entidades del sector.',
  'El estudio identifica factores de éxito que pueden trasladarse a otros contextos.',
  'Se concluye que la coordinación entre agentes es decisiva.',
  'Los hallazgos invitan a revisar las políticas públicas vigentes.',
  'La propuesta resulta viable y de bajo coste.',
  'Se detectan desigualdades territoriales significativas.',
  'El trabajo abre líneas de investigación futuras.',
];

/** Paragraphs of the body of a document; several use words no title or summary has. */
const WORK_PARAGRAPHS = [
  'El marco teórico recoge las aportaciones de la sociología urbana y de la economía del bienestar, con especial atención a los trabajos sobre capital social y redes comunitarias publicados en la última década.',
  'Para garantizar la fiabilidad del cuestionario se calculó el coeficiente alfa de Cronbach, que superó en todas las escalas el umbral habitual de 0,7, y se realizó un análisis factorial confirmatorio.',
  'Las entrevistas se transcribieron de forma literal y se codificaron con el programa Atlas.ti siguiendo los principios de la teoría fundamentada, hasta alcanzar la saturación teórica de las categorías.',
  'La consulta a personas expertas se organizó mediante el método Delphi en tres rondas sucesivas, lo que permitió alcanzar un consenso razonable sobre las prioridades de actuación.',
  'Se elaboró una matriz DAFO con las debilidades, amenazas, fortalezas y oportunidades detectadas, y a partir de ella se formularon líneas estratégicas con un calendario orientativo.',
  'El contraste de hipótesis se llevó a cabo con la prueba de Kruskal-Wallis, dado que las variables no seguían una distribución normal, y con regresiones logísticas para las variables dicotómicas.',
  'La georreferenciación de los datos con QGIS permitió elaborar mapas de calor que muestran la concentración de los casos en determinados distritos y su evolución temporal.',
  'Durante el trabajo de campo se mantuvo un diario de investigación en el que se anotaron las decisiones metodológicas, los imprevistos y las reflexiones surgidas en cada sesión.',
  'El presupuesto estimado de la intervención asciende a unos doce mil euros anuales, financiables mediante convocatorias autonómicas y la colaboración de fundaciones privadas.',
  'La investigación-acción participativa permitió que las propias personas implicadas definieran los problemas y evaluaran las soluciones, reforzando su sentido de pertenencia al proceso.',
  'Se respetaron los principios éticos de la investigación: consentimiento informado, anonimato de las personas participantes y custodia segura de la información recogida.',
  'Los datos cuantitativos se depuraron y analizaron con el lenguaje R, utilizando modelos multinivel para tener en cuenta la estructura anidada de la muestra por centros.',
  'Una de las limitaciones del estudio es el tamaño reducido de la muestra, que impide generalizar los resultados, aunque la triangulación de fuentes refuerza su validez interna.',
  'La comparación con experiencias internacionales, especialmente de Portugal, Dinamarca y los Países Bajos, ofrece ideas útiles para adaptar el modelo a la realidad española.',
  'La huella de carbono de las actividades se calculó según la norma ISO 14064, y se propusieron medidas de compensación mediante reforestación con especies autóctonas.',
  'El análisis de redes sociales, realizado con Gephi, reveló que unas pocas entidades concentran la mayor parte de las relaciones y actúan como puentes entre grupos aislados.',
  'El prototipo se desarrolló de forma iterativa con metodologías ágiles, en ciclos de dos semanas, incorporando las sugerencias recogidas en las pruebas de usabilidad.',
  'Las personas participantes valoraron positivamente la experiencia y destacaron la cercanía del equipo, aunque señalaron la necesidad de horarios más flexibles.',
  'La normativa aplicable incluye la legislación estatal de protección de datos y los decretos autonómicos que regulan los servicios sociales de atención primaria.',
  'Se propone un cuadro de mando con indicadores de proceso y de resultado que permita a la entidad hacer un seguimiento trimestral y rendir cuentas a sus financiadores.',
  'El análisis de contenido de la prensa regional entre 2015 y 2023 muestra un cambio en el encuadre del problema, que pasa de la beneficencia a los derechos.',
  'Los resultados del cuestionario de satisfacción, medida con una escala Likert de cinco puntos, superan el cuatro en todas las dimensiones evaluadas.',
  'La simulación con el método de Montecarlo permitió estimar la incertidumbre de las proyecciones y comparar escenarios optimistas y pesimistas.',
  'Agradezco a las entidades colaboradoras y a mi tutora la confianza depositada y el acompañamiento durante todo el proceso de elaboración de esta memoria.',
];

/**
 * The body's paragraphs of work i are WORK_PARAGRAPHS[(i * step + offset) mod length]: four of
 * them, so that each is in about one work in six, between an introduction and a conclusion.
 */
const BODY_STRIDES: [step: number, offset: number][] = [
  [7, 0],
  [11, 5],
  [13, 11],
  [17, 2],
];

/**
 * Published final works: 9 in 10 by a generated student of this batch (their degree, university
 * and study area), 1 in 10 external (an author's name, no student). Years 2015 to 2026; about
 * 4 % awarded; the PDF's text already read (`text_status` indexed).
 */
async function insertLibraryWorks(tx: Database, p: ScaleParams): Promise<void> {
  const i = sql.raw('g.i');
  const topic = sql`(${i} / 12)`;
  const setting = sql`(${i} / 480 + ${i} * 7)`;
  const topicText = pick(
    WORK_TOPICS.map(([name]) => name),
    topic,
  );
  const settingText = pick(WORK_SETTINGS, setting);
  const external = sql`(${i} % 10 = 0)`;
  const author = fullName(sql`${i} * 29 + 3`);
  const paragraph = (step: number, offset: number) =>
    pick(WORK_PARAGRAPHS, sql`${i} * ${int(step)} + ${int(offset)}`);
  const nl = sql.raw(`chr(10) || chr(10)`);
  await tx.execute(sql`
    INSERT INTO tfxes (title, summary, status, language, tfx_date, release_month, awarded, sector,
                       tags, ods, student_id, external, author_name, institution, degree_id,
                       degree_name, study_area, publish_consent, review_status, document_text,
                       text_status, views_count, downloads_count, published_at, created_at,
                       updated_at)
    SELECT x.title,
           ${pick(WORK_OPENINGS, sql`${i} / 3`)} || ' ' || ${topicText} || ' ' || ${settingText} || '. '
             || ${pick(WORK_METHODS, sql`${i} / 5`)} || ' ' || ${pick(WORK_FINDINGS, sql`${i} / 7`)},
           'finished',
           CASE WHEN ${i} % 10 < 8 THEN 'Español' ELSE ${pick(PROJECT_LANGUAGES, sql`${i} / 10`)} END,
           x.day, to_char(x.day, 'MM/YYYY'), ${i} % 25 = 0,
           ${pick(
             WORK_TOPICS.map(([, sector]) => sector),
             topic,
           )},
           ARRAY[${pick(INTEREST_TAGS, i)}, ${pick(INTEREST_TAGS, sql`${i} / 3 + 7`)}],
           ARRAY[1 + ${i} % 17, 1 + (${i} % 17 + 1 + (${i} / 17) % 16) % 17],
           CASE WHEN NOT ${external} THEN s.student_id END, ${external},
           CASE WHEN ${external} THEN ${author.name} || ' ' || ${author.surname} END,
           u.name, CASE WHEN NOT ${external} THEN d.degree_id END, dg.name,
           ${pick(AREA_NAMES, sql`${i} / 52`)}, true, 'published',
           'La presente memoria aborda ' || ${topicText} || ' ' || ${settingText} || '. '
             || ${pick(WORK_METHODS, sql`${i} / 5 + 3`)} || ${nl}
             || ${sql.join(
               BODY_STRIDES.map(([step, offset]) => sql`${paragraph(step, offset)} || ${nl}`),
               sql` || `,
             )}
             || ${pick(WORK_FINDINGS, sql`${i} / 7 + 2`)},
           'indexed', (${i} * 31) % 500, (${i} * 17) % 120,
           x.published_at, x.published_at, x.published_at
    FROM generate_series(1, ${int(p.works)}) AS g(i)
    CROSS JOIN LATERAL (
      SELECT replace(replace(${pick(WORK_APPROACHES, i)} || ' ' || ${topicText} || ' ' || ${settingText},
                     ' de el ', ' del '), ' a el ', ' al ') AS title,
             date '2015-01-01' + (${i} * 37) % 4300 AS day,
             least(now(), (date '2015-01-01' + (${i} * 37) % 4300 + 30)::timestamptz) AS published_at
    ) x
    LEFT JOIN scale_students s ON s.i = g.i
    LEFT JOIN scale_degrees d ON d.rn = 1 + g.i % ${int(p.degreeCount)}
    LEFT JOIN degrees dg ON dg.id = d.degree_id
    LEFT JOIN universities u ON u.id = d.university_id
    ORDER BY g.i`);
}
