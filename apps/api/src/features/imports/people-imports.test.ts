import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer, ImportRow, InvitationAnswer, PeopleImport } from '@plataforma/shared';
import {
  coordinators,
  organizations,
  students,
  teachers,
  teachersDegrees,
  userTokens,
  users,
} from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { call, linkIn, strongPassword } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { outboxTo } from '../../../test/helpers/email';
import {
  asAdmin,
  createCampus,
  createCoordinator,
  createDegree,
  createStudent,
  createTeacher,
  createUniversity,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { setFeatureSwitch } from '../../../test/helpers/permissions';
import { permissionsFor } from '../site/site.service';
import { multipart } from '../../../test/helpers/upload';

/**
 * Loading students, teachers and organisations from CSV and XLSX files (ADR 0048): the preview
 * with every problem by row and column, the import run by the job, idempotence, the modes, the
 * invitations and the set-password link they carry, and who may do it.
 */

let app: FastifyInstance;
let admin: Record<string, string>;
const PUBLIC_URL = 'http://localhost:3000';

/** A catalogue of this file's own, with names no other test uses. */
const place = {
  university: '',
  campus: '',
  otherCampus: '',
  degree: '',
  master: '',
  elsewhere: '',
};
const ids = { university: 0, campus: 0, degree: 0, master: 0 };
let tag = '';

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
  // Admins load organisations only while they are switched on (spec §2 "Empresas").
  await setFeatureSwitch('admin', 'organizations', { enabled: true, create: true, update: true });
  tag = unique('c');
  const university = await createUniversity({
    name: `Universidad Politécnica de Cartagena ${tag}`,
  });
  const campus = await createCampus({
    name: `Campus Muralla del Mar ${tag}`,
    universityId: university.id,
  });
  const other = await createCampus({
    name: `Campus Alfonso XIII ${tag}`,
    universityId: university.id,
  });
  const degree = await createDegree({ name: `Grado en Ingeniería Civil ${tag}` }, [campus.id]);
  const master = await createDegree({ name: `Máster en Energías Renovables ${tag}` }, [campus.id]);
  const elsewhere = await createDegree({ name: `Grado en Arquitectura ${tag}` }, [other.id]);
  Object.assign(place, {
    university: university.name,
    campus: campus.name,
    otherCampus: other.name,
    degree: degree.name,
    master: master.name,
    elsewhere: elsewhere.name,
  });
  Object.assign(ids, {
    university: university.id,
    campus: campus.id,
    degree: degree.id,
    master: master.id,
  });
});

type Kind = 'students' | 'teachers' | 'organizations';

interface Sent<T> {
  status: number;
  body: T & { error?: { status: number; message: string; details: Record<string, unknown> } };
}

async function importFile<T = ImportAnswer>(
  kind: Kind,
  data: Buffer,
  query = '',
  headers: Record<string, string> = admin,
  filename = `${kind}.csv`,
): Promise<Sent<T>> {
  const form = multipart([{ data, filename, field: 'file' }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/imports/${kind}${query}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function followImport(id: number, headers = admin): Promise<Sent<{ data: PeopleImport }>> {
  const res = await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers });
  return { status: res.statusCode, body: res.json() };
}

/** Starts an import (202), lets the job run, and answers the import as GET follows it. */
async function runImport(kind: Kind, data: Buffer, query = '', filename?: string) {
  const started = await importFile<{ data: PeopleImport }>(kind, data, query, admin, filename);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.data).toMatchObject({ kind, status: 'queued', processed: 0 });
  await app.jobs.flush();
  const followed = await followImport(started.body.data.id);
  expect(followed.status).toBe(200);
  return followed.body.data;
}

const STUDENT_HEADER = 'Email;Nombre;Apellidos;Teléfono;Universidad;Campus;Grado;Provincia';
const TEACHER_HEADER = [
  'email',
  'nombre',
  'apellidos',
  'telefono',
  'universidad',
  'campus',
  'area',
  'grados',
];
const ORG_HEADER =
  'nombre;tipo;sector;tamano;descripcion;ubicacion;web;linkedin;contacto_nombre;contacto_email;contacto_telefono;coordinador_email;coordinador_nombre;coordinador_apellidos;coordinador_telefono;coordinador_cargo';

/** A CSV in UTF-8 with BOM and CRLF, as Excel saves "CSV UTF-8". */
const csv = (header: string, ...lines: string[]) =>
  Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`);

const email = (prefix = 'persona') => `${unique(prefix)}@test.es`.toLowerCase();

function studentLine(address: string, overrides: Partial<Record<string, string>> = {}): string {
  return Object.values({
    email: address,
    nombre: 'Lucía',
    apellidos: 'Pérez Gil',
    telefono: '612 345 678',
    universidad: place.university,
    campus: place.campus,
    grado: place.degree,
    provincia: 'Murcia',
    ...overrides,
  }).join(';');
}

const rowOf = (body: ImportAnswer, row: number): ImportRow | undefined =>
  body.data.rows.find((r) => r.row === row);

async function accountOf(address: string) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(users).where(eq(users.email, address)).limit(1);
  return row;
}

async function studentOf(userId: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(students).where(eq(students.userId, userId)).limit(1);
  return row;
}

/** The code of the last invitation email to an address. */
async function invitationCode(address: string): Promise<string> {
  const mail = (await outboxTo(address)).at(-1);
  const link = linkIn(mail?.text ?? '', `${PUBLIC_URL}/reset-password?`);
  expect(link.searchParams.get('invitation')).toBe('1');
  return link.searchParams.get('code') ?? '';
}

describe('the preview of a students file (dryRun=true)', () => {
  it('lists every problem by row and column, in Spanish, with the closest catalogue name suggested, and writes nothing', async () => {
    const good = email('bien');
    const registered = await createStudent();
    const registeredEmail = (await getTestDatabase()).db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, registered.userId));
    const [{ email: studentEmail }] = (await registeredEmail) as [{ email: string }];
    const teacher = await createTeacher();
    const [{ email: teacherEmail }] = (await (
      await getTestDatabase()
    ).db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, teacher.userId))) as [{ email: string }];
    const typoUniversity = email('uni');
    const file = csv(
      STUDENT_HEADER,
      // 2: valid, the catalogue's names written in capitals and without accents.
      studentLine(good.toUpperCase(), {
        universidad: place.university.toUpperCase(),
        campus: place.campus.normalize('NFD').replace(/\p{M}/gu, ''),
        grado: place.degree.toLowerCase(),
      }),
      // 3: no email, no name.
      studentLine('', { nombre: '' }),
      // 4: not an email.
      studentLine('ana@@test.es'),
      // 5: a university misspelt.
      studentLine(typoUniversity, {
        universidad: `Universidad Politecnica de Cartajena ${tag}`,
      }),
      // 6: a campus misspelt.
      studentLine(email('campus'), { campus: `Campus Murala del Mar ${tag}` }),
      // 7: a degree misspelt; 8: a degree taught at another campus.
      studentLine(email('grado'), { grado: `Grado en Ingenieria Cibil ${tag}` }),
      studentLine(email('otro'), { grado: place.elsewhere }),
      // 9: the same person as row 2.
      studentLine(good, { nombre: 'Otra' }),
      // 10: already a student; 11: a teacher's address.
      studentLine(studentEmail),
      studentLine(teacherEmail),
      // 12: a phone that is none, a province misspelt.
      studentLine(email('tel'), { telefono: '12', provincia: 'Murzia' }),
      // 13: a campus without its university.
      studentLine(email('sinuni'), { universidad: '', grado: '' }),
    );
    const { status, body } = await importFile('students', file, '?dryRun=true');
    expect(status).toBe(200);
    expect(body.data.kind).toBe('students');
    expect(body.data.written).toBe(false);
    expect(body.data.counts).toEqual({ total: 12, create: 1, update: 0, skip: 0, invalid: 11 });
    expect(rowOf(body, 2)).toEqual({
      row: 2,
      action: 'create',
      label: good.toUpperCase(),
      errors: [],
    });
    expect(rowOf(body, 3)).toMatchObject({
      label: 'Fila 3',
      errors: [
        { row: 3, column: 'Email', message: 'Falta el correo electrónico.' },
        { row: 3, column: 'Nombre', message: 'Falta el nombre.' },
      ],
    });
    expect(rowOf(body, 4)?.errors).toEqual([
      { row: 4, column: 'Email', message: '«ana@@test.es» no es un correo electrónico válido.' },
    ]);
    expect(rowOf(body, 5)?.errors).toEqual([
      {
        row: 5,
        column: 'Universidad',
        message: `«Universidad Politecnica de Cartajena ${tag}» no está entre las universidades de la plataforma. ¿Querías decir «${place.university}»?`,
      },
    ]);
    expect(rowOf(body, 6)?.errors).toEqual([
      {
        row: 6,
        column: 'Campus',
        message: `«Campus Murala del Mar ${tag}» no es un campus de ${place.university}. ¿Querías decir «${place.campus}»?`,
      },
    ]);
    expect(rowOf(body, 7)?.errors).toEqual([
      {
        row: 7,
        column: 'Grado',
        message: `«Grado en Ingenieria Cibil ${tag}» no está entre los grados del campus «${place.campus}». ¿Querías decir «${place.degree}»?`,
      },
    ]);
    expect(rowOf(body, 8)?.errors[0]).toMatchObject({ row: 8, column: 'Grado' });
    expect(rowOf(body, 8)?.errors[0]?.message).toMatch(
      new RegExp(`^«${place.elsewhere}» no se imparte en el campus «${place.campus}»\\.`),
    );
    expect(rowOf(body, 9)?.errors).toEqual([
      { row: 9, column: 'Email', message: 'Este correo ya está en la fila 2.' },
    ]);
    expect(rowOf(body, 10)?.errors).toEqual([
      { row: 10, column: 'Email', message: 'Ya hay una cuenta de estudiante con este correo.' },
    ]);
    expect(rowOf(body, 11)?.errors).toEqual([
      {
        row: 11,
        column: 'Email',
        message:
          'Este correo ya es de una cuenta que no es de estudiante: no se puede cargar aquí.',
      },
    ]);
    expect(rowOf(body, 12)?.errors.map((e) => [e.column, e.message])).toEqual([
      [
        'Teléfono',
        '«12» no es un teléfono válido: escribe el número con su prefijo, por ejemplo +34 612 345 678.',
      ],
      ['Provincia', '«Murzia» no es una provincia española. ¿Querías decir «Murcia»?'],
    ]);
    expect(rowOf(body, 13)?.errors).toEqual([
      { row: 13, column: 'Campus', message: 'Indica también la universidad del campus.' },
    ]);
    expect(await accountOf(good)).toBeUndefined();
    expect(await accountOf(typoUniversity)).toBeUndefined();

    // Skipping the registered ones: row 10 is no longer a problem.
    const skipping = await importFile('students', file, '?dryRun=true&mode=skip');
    expect(rowOf(skipping.body, 10)).toMatchObject({ action: 'skip', errors: [] });
    const updating = await importFile('students', file, '?dryRun=true&mode=update');
    expect(rowOf(updating.body, 10)).toMatchObject({ action: 'update', errors: [] });
    expect(rowOf(updating.body, 11)?.action).toBe('invalid');
  });

  it('refuses a file without the required columns, naming them, and a bad mode', async () => {
    const { status, body } = await importFile('students', csv('Nombre;Apellidos', 'Ana;Gil'));
    expect(status).toBe(400);
    expect(body.error?.message).toBe(
      'Falta la columna «email». Descarga la plantilla para ver las columnas.',
    );
    expect(body.error?.details).toMatchObject({ errors: [{ path: ['file'] }] });
    const empty = await importFile('organizations', csv(ORG_HEADER));
    expect(empty.body.error?.message).toBe(
      'El archivo está vacío: necesita una fila de encabezados y al menos una organización.',
    );
    expect(
      (await importFile('students', csv(STUDENT_HEADER, studentLine(email())), '?mode=replace'))
        .status,
    ).toBe(400);
    expect(
      (await importFile('students', csv(STUDENT_HEADER, studentLine(email())), '?onExisting=skip'))
        .status,
    ).toBe(400);
  });
});

describe('importing students', () => {
  it('creates each valid row as a student with a primary key, an account without password and an invitation; the link sets the password and signs in', async () => {
    const [ana, luis] = [email('ana'), email('luis')];
    const file = csv(
      STUDENT_HEADER,
      studentLine(ana.toUpperCase(), { telefono: '612 345 678' }),
      studentLine(luis, { nombre: 'Luis', apellidos: '', campus: '', grado: '', provincia: '' }),
      studentLine('sin-arroba'),
    );
    const done = await runImport('students', file, '', 'alumnado.csv');
    expect(done).toMatchObject({
      kind: 'students',
      mode: 'create',
      status: 'done',
      fileName: 'alumnado.csv',
      total: 3,
      processed: 3,
      created: 2,
      updated: 0,
      skipped: 0,
      failed: 1,
      error: null,
      failures: [
        {
          row: 4,
          label: 'sin-arroba',
          errors: [
            {
              row: 4,
              column: 'Email',
              message: '«sin-arroba» no es un correo electrónico válido.',
            },
          ],
        },
      ],
    });
    expect(done.finishedAt).not.toBeNull();

    const account = await accountOf(ana);
    expect(account).toMatchObject({
      email: ana,
      password: null,
      confirmed: true,
      blocked: false,
      name: 'Lucía',
      surname: 'Pérez Gil',
      phone: '+34612345678',
      profileType: 'student',
    });
    const student = await studentOf(account!.id);
    expect(student).toMatchObject({
      universityId: ids.university,
      campusId: ids.campus,
      degreeId: ids.degree,
      province: 'Murcia',
    });
    expect(student?.primaryKey).toMatch(/^E\d{4,}$/);
    expect(student?.publishedAt).not.toBeNull();
    const luisStudent = await studentOf((await accountOf(luis))!.id);
    expect(luisStudent).toMatchObject({ campusId: null, degreeId: null, province: null });
    expect(luisStudent?.primaryKey).not.toBe(student?.primaryKey);

    // It appears at once in the admins' list.
    const list = await app.inject({
      method: 'GET',
      url: `/api/students?filters[user][email][$eq]=${encodeURIComponent(ana)}&populate=user`,
      headers: admin,
    });
    expect(list.json<{ data: unknown[] }>().data).toHaveLength(1);

    // The invitation: the student template with a link to choose the password, 14 days.
    const [mail] = await outboxTo(ana);
    expect(mail).toMatchObject({ template: 'inviteStudent', status: 'pending' });
    expect(mail?.text).toContain('Tu cuenta ya está creada con este correo');
    expect(mail?.text).toContain(
      'Elegir mi contraseña: http://localhost:3000/reset-password?code=',
    );
    const code = await invitationCode(ana);
    const { db } = await getTestDatabase();
    const [token] = await db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, account!.id), eq(userTokens.purpose, 'reset')));
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // Before choosing a password, nobody signs in.
    const password = strongPassword();
    expect(
      (await call(app, 'POST', '/api/auth/local', { payload: { identifier: ana, password } }))
        .status,
    ).toBe(400);
    const set = await call(app, 'POST', '/api/auth/reset-password', {
      payload: { code, password, passwordConfirmation: password },
    });
    expect(set.status).toBe(200);
    expect(set.body.jwt).toBeTruthy();
    expect(set.body.user).toMatchObject({ email: ana });
    const signIn = await call(app, 'POST', '/api/auth/local', {
      payload: { identifier: ana, password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.jwt).toBeTruthy();
    // The link works once.
    const again = await call(app, 'POST', '/api/auth/reset-password', {
      payload: { code, password, passwordConfirmation: password },
    });
    expect(again.status).toBe(400);
  });

  it('importing the same file again creates nothing new: in create mode every row says it is registered', async () => {
    const people = [email('uno'), email('dos')];
    const file = csv(STUDENT_HEADER, ...people.map((p) => studentLine(p)));
    expect((await runImport('students', file)).created).toBe(2);
    const second = await runImport('students', file);
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 0, failed: 2 });
    expect(second.failures.map((f) => f.errors[0]?.message)).toEqual([
      'Ya hay una cuenta de estudiante con este correo.',
      'Ya hay una cuenta de estudiante con este correo.',
    ]);
    const { db } = await getTestDatabase();
    expect(await db.select().from(users).where(inArray(users.email, people))).toHaveLength(2);
    for (const person of people) expect(await outboxTo(person)).toHaveLength(1);
    // Paced as announcements are: 20 a second, in the file's order.
    const [firstMail] = await outboxTo(people[0]!);
    const [secondMail] = await outboxTo(people[1]!);
    const gap = secondMail!.nextAttemptAt.getTime() - firstMail!.nextAttemptAt.getTime();
    expect(gap).toBeGreaterThanOrEqual(40);
    expect(gap).toBeLessThanOrEqual(60);
  });

  it('in skip mode, registered people are left as they are and only new rows are created', async () => {
    const known = email('conocida');
    await runImport('students', csv(STUDENT_HEADER, studentLine(known)));
    const fresh = email('nueva');
    const done = await runImport(
      'students',
      csv(STUDENT_HEADER, studentLine(known, { nombre: 'Cambiada' }), studentLine(fresh)),
      '?mode=skip',
    );
    expect(done).toMatchObject({ created: 1, skipped: 1, updated: 0, failed: 0, failures: [] });
    expect((await accountOf(known))?.name).toBe('Lucía');
    expect(await outboxTo(known)).toHaveLength(1);
    expect(await accountOf(fresh)).toBeDefined();
  });

  it('in update mode, registered students take the file’s non-empty cells; empty cells keep their values; no email is sent', async () => {
    const person = email('cambia');
    await runImport('students', csv(STUDENT_HEADER, studentLine(person)));
    const account = (await accountOf(person))!;
    const before = (await studentOf(account.id))!;
    const done = await runImport(
      'students',
      csv(
        STUDENT_HEADER,
        studentLine(person, {
          nombre: 'Lucía María',
          apellidos: '',
          telefono: '+34 699 000 111',
          grado: place.master,
          provincia: '',
        }),
      ),
      '?mode=update',
    );
    expect(done).toMatchObject({ created: 0, updated: 1, skipped: 0, failed: 0 });
    expect(await accountOf(person)).toMatchObject({
      id: account.id,
      name: 'Lucía María',
      surname: 'Pérez Gil',
      phone: '+34699000111',
      password: null,
    });
    expect(await studentOf(account.id)).toMatchObject({
      id: before.id,
      primaryKey: before.primaryKey,
      universityId: ids.university,
      campusId: ids.campus,
      degreeId: ids.master,
      province: 'Murcia',
    });
    expect(await outboxTo(person)).toHaveLength(1);
  });
});

describe('importing teachers from an XLSX', () => {
  it('creates teachers with their degrees, invited, with a P key and an inviteTeacher email; the preview of the same workbook finds them registered', async () => {
    const [one, two] = [email('profe'), email('profa')];
    const workbook = await writeExcelFile([
      TEACHER_HEADER.map((h) => h.toUpperCase()),
      [
        one,
        'Jorge',
        'Martín Sáez',
        '968 123 456',
        place.university,
        place.campus,
        'Trabajo Social',
        `${place.degree}; ${place.master}`,
      ],
      [two, 'Marta', '', '', place.university, '', '', ''],
      [
        email('mal'),
        'Pedro',
        '',
        '',
        place.university,
        place.campus,
        '',
        `${place.degree}; Astrofísica`,
      ],
    ]).toBuffer();
    const done = await runImport('teachers', workbook, '', 'docentes.xlsx');
    expect(done).toMatchObject({ status: 'done', created: 2, failed: 1 });
    expect(done.failures[0]?.errors).toEqual([
      {
        row: 4,
        column: 'GRADOS',
        message: `«Astrofísica» no está entre los grados del campus «${place.campus}». Escríbelo como aparece en Facultades y Grados.`,
      },
    ]);
    const { db } = await getTestDatabase();
    const account = (await accountOf(one))!;
    const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, account.id));
    expect(teacher).toMatchObject({
      universityId: ids.university,
      campusId: ids.campus,
      teacher_area: 'Trabajo Social',
      invited: true,
      // An admin's file vouches for them (ADR 0051).
      verification: 'verified',
    });
    expect(teacher?.primaryKey).toMatch(/^P\d{4,}$/);
    const degrees = await db
      .select({ degreeId: teachersDegrees.degreeId })
      .from(teachersDegrees)
      .where(eq(teachersDegrees.teacherId, teacher!.id));
    expect(degrees.map((d) => d.degreeId).sort()).toEqual([ids.degree, ids.master].sort());
    expect((await outboxTo(one))[0]?.template).toBe('inviteTeacher');
    expect((await outboxTo(two))[0]?.subject).toBe(
      'Te invitamos a publicar proyectos en Plataforma',
    );

    const preview = await importFile(
      'teachers',
      workbook,
      '?dryRun=true&mode=skip',
      admin,
      'docentes.xlsx',
    );
    expect(preview.body.data.counts).toMatchObject({ skip: 2, invalid: 1, create: 0 });
  });
});

describe('importing organisations', () => {
  it('while organisations are switched off for admins, the import is 403 in Spanish and writes nothing', async () => {
    const name = `Fundación apagada ${tag}`;
    const file = csv(
      ORG_HEADER,
      ORG_HEADER.split(';')
        .map((h) => (h === 'nombre' ? name : ''))
        .join(';'),
    );
    const { db } = await getTestDatabase();
    const before = await permissionsFor(db, { kind: 'user', userId: 1, role: 'admin' });
    await setFeatureSwitch('admin', 'organizations', { enabled: false });
    try {
      for (const query of ['', '?dryRun=true']) {
        const refused = await importFile('organizations', file, query);
        expect(refused.status, query).toBe(403);
        expect(refused.body.error?.message).toMatch(/^Las organizaciones no están activadas/);
      }
    } finally {
      await setFeatureSwitch('admin', 'organizations', before.organizations);
    }
    const [created] = await db.select().from(organizations).where(eq(organizations.name, name));
    expect(created).toBeUndefined();
    // Switched on again, the same file imports.
    expect((await importFile('organizations', file, '?dryRun=true')).status).toBe(200);
  });

  it('creates organisations with their coordinators invited, links a registered coordinator without one, and says why the rest were not written', async () => {
    const name = `Fundación Mar Menor ${tag}`;
    const coordinatorEmail = email('coordina');
    const loose = await createCoordinator({ organizationId: null, job_position: null });
    const [{ email: looseEmail }] = (await (
      await getTestDatabase()
    ).db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, loose.userId))) as [{ email: string }];
    const studentAccount = await createUser({ profileType: 'student' });
    const line = (cells: Partial<Record<string, string>>) =>
      ORG_HEADER.split(';')
        .map((h) => cells[h] ?? '')
        .join(';');
    const file = csv(
      ORG_HEADER,
      line({
        nombre: name,
        tipo: 'fundacion',
        sector: 'Medio ambiente',
        tamano: '10-49 personas',
        web: 'https://mar.example.org',
        contacto_email: 'Info@Mar.example.org',
        coordinador_email: coordinatorEmail,
        coordinador_nombre: 'Irene',
        coordinador_apellidos: 'Sáez',
        coordinador_cargo: 'Directora',
      }),
      line({
        nombre: `Asociación Huertos ${tag}`,
        coordinador_email: looseEmail,
        coordinador_nombre: 'Nombre',
        coordinador_cargo: 'Técnica',
      }),
      line({
        nombre: `Cooperativa ${tag}`,
        coordinador_email: studentAccount.email,
        coordinador_nombre: 'Eva',
      }),
      line({ nombre: name.toUpperCase().replace('Ó', 'O') }),
      line({ nombre: `Club ${tag}`, tipo: 'Club', web: 'mar.example.org' }),
      line({ nombre: `Sin coordinación ${tag}` }),
      line({ nombre: `Falta nombre ${tag}`, coordinador_email: email('x') }),
    );
    const done = await runImport('organizations', file);
    expect(done).toMatchObject({ status: 'done', total: 7, created: 3, failed: 4 });
    expect(done.failures.map((f) => [f.row, f.errors.map((e) => [e.column, e.message])])).toEqual([
      [
        4,
        [
          [
            'coordinador_email',
            'Este correo ya es de una cuenta que no es de coordinación: no puede coordinar la organización.',
          ],
        ],
      ],
      [5, [['nombre', 'Esta organización ya está en la fila 2.']]],
      [
        6,
        [
          ['tipo', expect.stringMatching(/^Tipo no reconocido\. Usa uno de estos: ONG, Fundación/)],
          ['web', 'Debe ser una dirección web que empiece por http:// o https://.'],
        ],
      ],
      [8, [['coordinador_nombre', 'Falta el nombre de quien coordina.']]],
    ]);

    const { db } = await getTestDatabase();
    const [org] = await db.select().from(organizations).where(eq(organizations.name, name));
    expect(org).toMatchObject({
      type: 'Fundación',
      sector: 'Medio ambiente',
      size: '10-49 personas',
      web: 'https://mar.example.org',
      contact_mail: 'info@mar.example.org',
    });
    const coordinator = (await accountOf(coordinatorEmail))!;
    expect(coordinator).toMatchObject({
      profileType: 'coordinator',
      password: null,
      name: 'Irene',
    });
    const [link] = await db
      .select()
      .from(coordinators)
      .where(eq(coordinators.userId, coordinator.id));
    expect(link).toMatchObject({ organizationId: org!.id, job_position: 'Directora' });
    const [mail] = await outboxTo(coordinatorEmail);
    expect(mail?.template).toBe('inviteCoordinator');
    expect(mail?.text).toContain(`para coordinar ${name}.`);
    await invitationCode(coordinatorEmail);

    const [huertos] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, `Asociación Huertos ${tag}`));
    const [linked] = await db.select().from(coordinators).where(eq(coordinators.id, loose.id));
    expect(linked).toMatchObject({ organizationId: huertos!.id, job_position: 'Técnica' });
    expect(await outboxTo(looseEmail)).toHaveLength(0);
    expect(
      await db
        .select()
        .from(organizations)
        .where(eq(organizations.name, `Cooperativa ${tag}`)),
    ).toEqual([]);

    // Again in update mode: the organisation takes the file's non-empty cells.
    const update = await runImport(
      'organizations',
      csv(
        ORG_HEADER,
        line({
          nombre: name,
          descripcion: 'Nueva descripción',
          coordinador_email: coordinatorEmail,
          coordinador_nombre: 'Irene María',
        }),
      ),
      '?mode=update',
    );
    expect(update).toMatchObject({ updated: 1, created: 0, failed: 0 });
    const [after] = await db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(after).toMatchObject({ description: 'Nueva descripción', sector: 'Medio ambiente' });
    expect((await accountOf(coordinatorEmail))?.name).toBe('Irene María');
    expect(await outboxTo(coordinatorEmail)).toHaveLength(1);
    // In create mode the same name is registered already.
    const again = await importFile(
      'organizations',
      csv(ORG_HEADER, line({ nombre: name })),
      '?dryRun=true',
    );
    expect(rowOf(again.body, 2)?.errors).toEqual([
      { row: 2, column: 'nombre', message: 'Ya hay una organización con este nombre.' },
    ]);
  });
});

describe('POST /api/users/:id/invitation', () => {
  it('sends a fresh link to an account without password; the earlier one stops working and the new one sets the password', async () => {
    const person = email('reenvio');
    await runImport('students', csv(STUDENT_HEADER, studentLine(person)));
    const account = (await accountOf(person))!;
    const first = await invitationCode(person);
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${account.id}/invitation`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<InvitationAnswer>();
    expect(answer.data).toMatchObject({
      userId: account.id,
      email: person,
      template: 'inviteStudent',
    });
    const days = (new Date(answer.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(await outboxTo(person)).toHaveLength(2);
    const second = await invitationCode(person);
    expect(second).not.toBe(first);
    const password = strongPassword();
    const old = await call(app, 'POST', '/api/auth/reset-password', {
      payload: { code: first, password, passwordConfirmation: password },
    });
    expect(old.status).toBe(400);
    const fresh = await call(app, 'POST', '/api/auth/reset-password', {
      payload: { code: second, password, passwordConfirmation: password },
    });
    expect(fresh.status).toBe(200);
    // Now the account has a password: no more invitations.
    const after = await app.inject({
      method: 'POST',
      url: `/api/users/${account.id}/invitation`,
      headers: admin,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json<{ error: { message: string } }>().error.message).toBe(
      'Esta persona ya ha elegido su contraseña: puede entrar o pedir un enlace para restablecerla.',
    );
  });

  it('is 404 for an unknown account and 409 for an admin without password', async () => {
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/users/2000000000/invitation',
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    const other = await createUser({ profileType: 'admin', password: null });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/users/${other.id}/invitation`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('who may load people', () => {
  it('only admins: others get 403 and visitors 401, before the body is read; nothing is written', async () => {
    const person = email('nadie');
    const file = csv(STUDENT_HEADER, studentLine(person));
    for (const role of ['student', 'teacher', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await importFile('students', file, '', headers)).status, role).toBe(403);
      expect((await importFile('organizations', file, '?dryRun=true', headers)).status, role).toBe(
        403,
      );
      expect((await followImport(1, headers)).status, role).toBe(403);
      const invite = await app.inject({ method: 'POST', url: '/api/users/1/invitation', headers });
      expect(invite.statusCode, role).toBe(403);
    }
    expect((await importFile('teachers', file, '', {})).status).toBe(401);
    expect((await followImport(1, {})).status).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/users/1/invitation' })).statusCode).toBe(
      401,
    );
    expect(await accountOf(person)).toBeUndefined();
    const asJson = await app.inject({
      method: 'POST',
      url: '/api/imports/students',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expect(asJson.statusCode).toBe(415);
    expect((await followImport(2_000_000_000)).status).toBe(404);
  });
});

describe('GET /api/imports/<kind>/template', () => {
  it('answers the CSV and XLSX templates, whose example row imports as it is', async () => {
    for (const kind of ['students', 'teachers', 'organizations'] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/imports/${kind}/template` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename=plantilla-[a-z]+\.csv$/,
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
      expect(lines).toHaveLength(3);
      const preview = await importFile(kind, res.rawPayload, '?dryRun=true&mode=skip');
      expect(preview.body.data.counts, kind).toMatchObject({ total: 1, invalid: 0 });

      const xlsx = await app.inject({
        method: 'GET',
        url: `/api/imports/${kind}/template?format=xlsx`,
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx$/);
      const sheet = await readSheet(xlsx.rawPayload);
      expect(sheet[0]?.map(String)).toEqual(lines[0]!.split(';'));
      const fromXlsx = await importFile(
        kind,
        xlsx.rawPayload,
        '?dryRun=true&mode=skip',
        admin,
        'p.xlsx',
      );
      expect(fromXlsx.body.data.counts, kind).toMatchObject({ total: 1, invalid: 0 });
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/imports/students/template?format=pdf' }))
        .statusCode,
    ).toBe(400);
  });
});
