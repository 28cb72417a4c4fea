import type { FastifyInstance } from 'fastify';
import type { ProfileType } from '@plataforma/shared';
import * as schema from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { getTestDatabase } from './db';

/**
 * Factories: each test makes the rows it needs, with unique names, on the worker's shared database
 * (house style rule 11). Parents are created when not given.
 */

let sequence = 0;
/** A value unique in this worker's database: `${prefix}-${pid}-${n}`. */
export function unique(prefix = 'x'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}
const nextNumber = () => {
  sequence += 1;
  return `${process.pid}${String(sequence).padStart(4, '0')}`;
};

async function db() {
  return (await getTestDatabase()).db;
}

export const TEST_PASSWORD = 'Contraseña de prueba 2026';
let passwordHash: Promise<string> | undefined;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function createUser(values: Insert<typeof schema.users> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const name = unique('user');
  const [row] = await (
    await db()
  )
    .insert(schema.users)
    .values({
      username: name,
      email: `${name}@test.es`,
      password: await passwordHash,
      confirmed: true,
      name: 'Nombre',
      surname: 'Apellido',
      ...values,
    })
    .returning();
  return row!;
}

export async function createUniversity(values: Insert<typeof schema.universities> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.universities)
    .values({ name: unique('Universidad'), ...values })
    .returning();
  return row!;
}

export async function createCampus(values: Insert<typeof schema.campuses> = {}) {
  const universityId =
    values.universityId === undefined ? (await createUniversity()).id : values.universityId;
  const [row] = await (
    await db()
  )
    .insert(schema.campuses)
    .values({ name: unique('Campus'), ...values, universityId })
    .returning();
  return row!;
}

export async function createDegree(
  values: Insert<typeof schema.degrees> = {},
  campusIds: number[] = [],
) {
  const database = await db();
  const [row] = await database
    .insert(schema.degrees)
    .values({ name: unique('Grado'), duration: 4, ...values })
    .returning();
  if (campusIds.length > 0) {
    await database
      .insert(schema.campusesDegrees)
      .values(campusIds.map((campusId) => ({ campusId, degreeId: row!.id })));
  }
  return row!;
}

export async function createCall(
  values: Insert<typeof schema.calls> = {},
  degreeIds: number[] = [],
) {
  const database = await db();
  const [row] = await database
    .insert(schema.calls)
    .values({
      name: unique('Convocatoria'),
      academic_period_start: '2026-09-01',
      academic_period_end: '2027-06-30',
      ...values,
    })
    .returning();
  if (degreeIds.length > 0) {
    await database
      .insert(schema.callsDegrees)
      .values(degreeIds.map((degreeId) => ({ callId: row!.id, degreeId })));
  }
  return row!;
}

export async function createOrganization(values: Insert<typeof schema.organizations> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.organizations)
    .values({
      name: unique('Fundación'),
      description: 'Una organización de prueba',
      contact_phone: '+34 600 000 000',
      contact_mail: 'contacto@org.es',
      contact_name: 'Persona de contacto',
      ...values,
    })
    .returning();
  return row!;
}

export async function createStudent(values: Insert<typeof schema.students> = {}) {
  const userId = values.userId ?? (await createUser({ profileType: 'student' })).id;
  const [row] = await (
    await db()
  )
    .insert(schema.students)
    .values({
      primaryKey: `E${nextNumber()}`,
      dni: '12345678Z',
      disability: false,
      publishedAt: new Date(),
      ...values,
      userId,
    })
    .returning();
  return row!;
}

export async function createTeacher(values: Insert<typeof schema.teachers> = {}) {
  const userId = values.userId ?? (await createUser({ profileType: 'teacher' })).id;
  const [row] = await (
    await db()
  )
    .insert(schema.teachers)
    // Verified unless a test says otherwise, as every teacher who publishes today (ADR 0051).
    .values({
      primaryKey: `P${nextNumber()}`,
      publishedAt: new Date(),
      verification: 'verified',
      ...values,
      userId,
    })
    .returning();
  return row!;
}

export async function createCoordinator(values: Insert<typeof schema.coordinators> = {}) {
  const userId = values.userId ?? (await createUser({ profileType: 'coordinator' })).id;
  const [row] = await (
    await db()
  )
    .insert(schema.coordinators)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function createProject(values: Insert<typeof schema.projects> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.projects)
    .values({
      title: unique('Proyecto'),
      description: 'Descripción del proyecto',
      type: 'Impacto social',
      status: 'Publicada',
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

export async function createApply(values: Insert<typeof schema.applys> = {}) {
  const studentId = values.studentId ?? (await createStudent()).id;
  const projectId = values.projectId ?? (await createProject()).id;
  const [row] = await (
    await db()
  )
    .insert(schema.applys)
    .values({ motivation: 'Me interesa', ...values, studentId, projectId })
    .returning();
  return row!;
}

export async function createNotification(values: Insert<typeof schema.communicationCenters> = {}) {
  const studentId = values.studentId ?? (await createStudent()).id;
  const [row] = await (
    await db()
  )
    .insert(schema.communicationCenters)
    .values({
      notification_subject: unique('Aviso'),
      notification_message: '<p>Hola</p>',
      ...values,
      studentId,
    })
    .returning();
  return row!;
}

export async function createFile(values: Insert<typeof schema.files> = {}) {
  const name = unique('file');
  const [row] = await (
    await db()
  )
    .insert(schema.files)
    .values({
      name: `${name}.png`,
      hash: name,
      ext: '.png',
      mime: 'image/png',
      size: 1.5,
      url: `/uploads/${name}.png`,
      ...values,
    })
    .returning();
  return row!;
}

/** A final work; a student's own (not external), pending review, unless told otherwise. */
export async function createTfx(values: Insert<typeof schema.tfxes> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.tfxes)
    .values({ title: unique('Trabajo'), ...values })
    .returning();
  return row!;
}

/** An email of the outbox, waiting to be sent unless told otherwise (ADR 0009). */
export async function createOutboxEmail(values: Insert<typeof schema.emailOutbox> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.emailOutbox)
    .values({
      recipient: `${unique('destinatario')}@test.es`,
      subject: 'Asunto',
      html: '<p>Hola</p>',
      text: 'Hola',
      template: 'confirmation',
      ...values,
    })
    .returning();
  return row!;
}

/** A people import's record (ADR 0048), queued unless told otherwise; no job is queued for it. */
export async function createPeopleImport(values: Insert<typeof schema.peopleImports> = {}) {
  const [row] = await (
    await db()
  )
    .insert(schema.peopleImports)
    .values({ kind: 'students', mode: 'create', total: 10, fileName: 'personas.csv', ...values })
    .returning();
  return row!;
}

/** A user of the role with a bearer token for requests. */
export async function signedIn(app: FastifyInstance, role: ProfileType | 'authenticated') {
  const user = await createUser(role === 'authenticated' ? {} : { profileType: role });
  return { user, headers: { authorization: `Bearer ${app.tokens.sign({ id: user.id })}` } };
}

export async function asAdmin(app: FastifyInstance) {
  return (await signedIn(app, 'admin')).headers;
}

export function bearer(app: FastifyInstance, userId: number) {
  return { authorization: `Bearer ${app.tokens.sign({ id: userId })}` };
}
