import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applys, calls, projectProgresses, projects, students } from '../../db/schema';
import { refusal, validationError } from '../../lib/errors';
import { roleOf, SYSTEM, type Principal } from '../../lib/strapi/actor';
import type { LifecycleEvent } from '../../lib/strapi/types';
import type { Transaction } from '../../db/handles';
import { loadRenderContext } from '../../lib/mail/outbox';
import { applicationFacts } from './applications.facts';
import {
  notifyApplied,
  notifyStatusChanged,
  notifyTutorAssigned,
} from './applications.notifications';
import { madridDay } from '../../lib/madrid-day';

/**
 * The rules of applying to a project and of an application's status, whatever route writes it
 * (ADR 0025): they run as lifecycle hooks of `api::apply.apply`, inside the write's transaction,
 * so a refused rule rolls everything back and the emails and communication-centre entries are
 * written with the change that causes them.
 */

export const APPLY_UID = 'api::apply.apply';

/** Business-rule refusals a student can meet (the web shows them as they are). */
export const APPLICATION_MESSAGES = {
  notPublished: 'Este proyecto no está publicado: no admite candidaturas',
  deadlinePassed: 'El plazo de inscripción de este proyecto ha terminado',
  alreadyApplied: 'Ya te has inscrito en este proyecto',
  cvMissing: 'Adjunta tu CV o indica un enlace a tu CV',
  dniMissing: 'Esta convocatoria pide tu DNI o NIE: indícalo en tu candidatura',
  cannotWithdraw: (status: string) => `No puedes retirar una candidatura en estado «${status}»`,
  onlyApplicantWithdraws: 'Solo quien se ha inscrito puede retirar su candidatura',
  withdrawn: 'Esta candidatura se ha retirado: ya no puede cambiar de estado',
} as const;

/** Statuses from which a student may no longer withdraw (decided, or already withdrawn). */
const FINAL_FOR_STUDENT = ['Seleccionado', 'No seleccionado', 'Retirada'];

/** Today's date in Spain (YYYY-MM-DD): a deadline is the last day one may apply, Spanish time. */
export function todayInMadrid(now: Date = new Date()): string {
  return madridDay(now);
}

/** The id a to-one relation of a write points to (`{set:[id]}` or `{connect:[id]}`), if any. */
function relationId(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return null;
  const change = value as { set?: number[]; connect?: number[] };
  return change.set?.[0] ?? change.connect?.[0] ?? null;
}

const roleOfPrincipal = (actor: Principal) => (actor === SYSTEM ? 'system' : roleOf(actor));

const refuse = (message: string) => refusal('VALIDATION', message);

/**
 * Locks the student's row for the rest of the transaction: two applications of one student are
 * then written one after the other, so the second sees the first and gets the friendly refusal
 * instead of a unique violation (the unique index stays the backstop). With `userId`, only that
 * user's own profile is locked and answered. Answers the student's DNI.
 */
async function lockStudent(tx: Transaction, studentId: number, userId?: number) {
  const [row] = await tx
    .select({ id: students.id, dni: students.dni })
    .from(students)
    .where(
      and(
        eq(students.id, studentId),
        userId === undefined ? undefined : eq(students.userId, userId),
      ),
    )
    .for('update');
  return row;
}

async function hasApplied(
  tx: Transaction,
  studentId: number,
  projectId: number,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: applys.id })
    .from(applys)
    .where(
      and(
        eq(applys.studentId, studentId),
        eq(applys.projectId, projectId),
        exceptId === undefined ? undefined : ne(applys.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What the hooks of one application write remember between before and after. */
interface ApplyState {
  before: {
    status: string;
    /** Null for an application kept after its student deleted their account (ADR 0054). */
    studentId: number | null;
    projectId: number;
    tutorAsignedId: number | null;
  };
}

async function beforeCreate(event: LifecycleEvent<ApplyState>) {
  const { tx, actor, data } = event;
  const studentId = relationId(data.student);
  const projectId = relationId(data.project);
  // Missing relations are the engine's 400; nothing to check here.
  if (!studentId || !projectId) return;
  const role = roleOfPrincipal(actor);

  const ownUserId = actor !== SYSTEM && actor.kind === 'user' ? actor.userId : -1;
  const student = await lockStudent(tx, studentId, role === 'student' ? ownUserId : undefined);
  if (!student) {
    // A student applies as themself; someone else's profile answers as the engine answers an id
    // the writer may not see (createScope would refuse it anyway, after the insert).
    if (role === 'student') {
      throw validationError(`student: no student with id ${studentId}`, ['student']);
    }
    return; // the engine answers "no student with id …"
  }

  if (role === 'student') {
    const [project] = await tx
      .select({ publishedAt: projects.publishedAt, deadline: projects.application_deadline })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    // A missing and an unpublished project answer alike: a student never sees drafts.
    if (!project || project.publishedAt === null) {
      throw refuse(APPLICATION_MESSAGES.notPublished);
    }
    if (project.deadline !== null && project.deadline < todayInMadrid()) {
      throw refuse(APPLICATION_MESSAGES.deadlinePassed);
    }
  }

  if (await hasApplied(tx, studentId, projectId)) {
    throw refuse(APPLICATION_MESSAGES.alreadyApplied);
  }

  if (role !== 'student') return;
  if (!relationId(data.CV) && !present(data.CV_url)) {
    throw refuse(APPLICATION_MESSAGES.cvMissing);
  }
  const callId = relationId(data.call);
  if (callId) {
    const [call] = await tx
      .select({ requiresDni: calls.requires_dni })
      .from(calls)
      .where(eq(calls.id, callId))
      .limit(1);
    if (call?.requiresDni && !present(data.dni)) {
      // The DNI of the student's profile serves when the form did not repeat it.
      if (!present(student.dni)) throw refuse(APPLICATION_MESSAGES.dniMissing);
      event.set('dni', student.dni);
    }
  }
}

/** Starts a project's progress record when its first student is selected. */
async function ensureProgress(tx: Transaction, projectId: number) {
  const [project] = await tx
    .select({ progressId: projects.progressId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!project || project.progressId !== null) return;
  const [progress] = await tx
    .insert(projectProgresses)
    .values({})
    .returning({ id: projectProgresses.id });
  if (!progress) return;
  await tx
    .update(projects)
    .set({ progressId: progress.id, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/**
 * Attaches the application rules to the engine (called once in app.ts, after the EntityService
 * is built). Emails wake the sender after the commit; the engine takes every table the hooks
 * wrote out of the answer cache.
 */
export function registerApplicationLifecycles(app: FastifyInstance): void {
  const wakeSender = (event: LifecycleEvent<ApplyState>) =>
    event.afterCommit(() => app.emailSender.wake());

  app.entities.registry.addLifecycles<ApplyState>(APPLY_UID, {
    // A student's application starts as the database's default, Enviada, with none of the
    // reviewers' fields: the access policy refuses a student's create that carries them.
    beforeCreate,

    async afterCreate(event) {
      const { tx, id } = event;
      const facts = await applicationFacts(tx, id);
      if (!facts) return;
      await notifyApplied(tx, facts, await loadRenderContext(tx, app.config));
      wakeSender(event);
    },

    async beforeUpdate(event) {
      const { tx, actor, id, data, state } = event;
      // The engine has locked the row.
      const [before] = await tx
        .select({
          status: applys.status,
          studentId: applys.studentId,
          projectId: applys.projectId,
          tutorAsignedId: applys.tutorAsignedId,
        })
        .from(applys)
        .where(eq(applys.id, id))
        .limit(1);
      if (!before) return;
      state.before = before;
      const role = roleOfPrincipal(actor);

      if (typeof data.status === 'string' && data.status !== before.status) {
        // A message belongs to the change it came with, never to a later one.
        if (!('status_message' in data)) event.set('status_message', null);
        if (role === 'student') {
          // The access policy lets a student write only Retirada.
          if (FINAL_FOR_STUDENT.includes(before.status)) {
            throw refuse(APPLICATION_MESSAGES.cannotWithdraw(before.status));
          }
        } else if (role === 'teacher' || role === 'coordinator') {
          if (data.status === 'Retirada') throw refuse(APPLICATION_MESSAGES.onlyApplicantWithdraws);
          if (before.status === 'Retirada') throw refuse(APPLICATION_MESSAGES.withdrawn);
        }
      }

      // Only an admin may move an application to another student or project: still one each.
      const studentId = relationId(data.student) ?? before.studentId;
      const projectId = relationId(data.project) ?? before.projectId;
      if (
        studentId !== null &&
        (studentId !== before.studentId || projectId !== before.projectId)
      ) {
        await lockStudent(tx, studentId);
        if (await hasApplied(tx, studentId, projectId, id)) {
          throw refuse(APPLICATION_MESSAGES.alreadyApplied);
        }
      }
    },

    async afterUpdate(event) {
      const { tx, id, data, state } = event;
      const before = state.before;
      if (!before) return;

      if ('CV' in data || 'CV_url' in data) {
        const [row] = await tx
          .select({ cvId: applys.cvId, cvUrl: applys.CV_url })
          .from(applys)
          .where(eq(applys.id, id));
        if (row && row.cvId === null && !present(row.cvUrl)) {
          throw refuse(APPLICATION_MESSAGES.cvMissing);
        }
      }

      const statusChanged = typeof data.status === 'string' && data.status !== before.status;
      const tutorChanged =
        'tutorAsigned' in data && relationId(data.tutorAsigned) !== before.tutorAsignedId;
      if (!statusChanged && !tutorChanged) return;

      const facts = await applicationFacts(tx, id);
      if (!facts) return;
      const context = await loadRenderContext(tx, app.config);
      if (statusChanged) {
        if (facts.status === 'Seleccionado') await ensureProgress(tx, facts.projectId);
        await notifyStatusChanged(tx, facts, context);
      }
      if (tutorChanged && facts.tutorAsignedId !== null) {
        await notifyTutorAssigned(tx, facts, context);
      }
      wakeSender(event);
    },
  });
}
