import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { emailOutbox } from '../../src/db/schema';
import { TEST_CONFIG } from './app';
import { getTestDatabase } from './db';
import {
  createApply,
  createCoordinator,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  signedIn,
  unique,
} from './factories';

/**
 * An API "process" that delivers the outbox to `smtpUrl`, on the worker's database. Close it in
 * afterAll: its sender delivers every due email of the database, other files' included.
 */
export async function buildMailingApp(smtpUrl: string): Promise<FastifyInstance> {
  const { db } = await getTestDatabase();
  const app = await buildApp({ config: { ...TEST_CONFIG, smtpUrl }, db, logger: false });
  await app.ready();
  return app;
}

/** An address of this test run that nobody else writes to. */
export const uniqueEmail = (prefix = 'correo') => `${unique(prefix)}@test.es`.toLowerCase();

/** The outbox rows to an address, oldest first. */
export async function outboxTo(recipient: string) {
  const { db } = await getTestDatabase();
  return db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.recipient}) = lower(${recipient})`)
    .orderBy(asc(emailOutbox.id));
}

/**
 * Moves every email still waiting a day out. Files a worker ran before share its database and may
 * leave emails due (paced announcement emails, invitations of an import): a test that times its
 * own sends calls this first, so its emails are not queued behind them.
 */
export async function postponePendingEmails() {
  const { db } = await getTestDatabase();
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + interval '1 day'` })
    .where(eq(emailOutbox.status, 'pending'));
}

/** Makes a waiting row due now, as if its back-off had passed. */
export async function makeDue(id: number) {
  const { db } = await getTestDatabase();
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(emailOutbox.id, id));
}

/** Seconds between a row's last update and its next attempt (its back-off, or its lease). */
export async function scheduledDelaySeconds(id: number): Promise<number> {
  const { db } = await getTestDatabase();
  const [row] = await db
    .select({
      delay: sql<number>`extract(epoch from (${emailOutbox.nextAttemptAt} - ${emailOutbox.updatedAt}))::float8`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return Number(row?.delay);
}

/**
 * A project with everyone around it, each signed in: the organisation's coordinator, the teacher
 * who publishes it, and a student who applied. Emails are the users' own (lower-case).
 */
export async function projectScenario(
  app: FastifyInstance,
  options: { title?: string; status?: 'Publicada' | 'Rechazada'; rejectionReason?: string } = {},
) {
  const organization = await createOrganization();
  const coordinator = await signedIn(app, 'coordinator');
  await createCoordinator({ userId: coordinator.user.id, organizationId: organization.id });
  const teacher = await signedIn(app, 'teacher');
  const teacherRow = await createTeacher({ userId: teacher.user.id });
  const project = await createProject({
    title: options.title ?? unique('Proyecto'),
    organizationId: organization.id,
    teacherId: teacherRow.id,
    status: options.status ?? 'Publicada',
    rejection_reason: options.rejectionReason ?? null,
  });
  const student = await signedIn(app, 'student');
  const studentRow = await createStudent({ userId: student.user.id, province: 'Murcia' });
  const application = await createApply({
    studentId: studentRow.id,
    projectId: project.id,
    motivation: 'Quiero aprender sobre huertos urbanos',
    interest: 'El impacto en el barrio',
    good_candidate: 'He trabajado en una cooperativa',
  });
  return {
    organization,
    coordinator,
    teacher,
    teacherRow,
    project,
    student,
    studentRow,
    application,
  };
}
