import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  ACCOUNT_DELETION_MESSAGES,
  ANONYMOUS_AUTHOR,
  type DeletionItem,
  type DeletionPreview,
} from '@plataforma/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import {
  announcements,
  applys,
  communicationCenters,
  coordinators,
  emailOutbox,
  files,
  legalConsents,
  libraryVisits,
  peopleImportRows,
  projects,
  questionnaireAnswers,
  students,
  studentsFavoriteProjects,
  studentsFavoriteResources,
  studentsFavoriteTfxes,
  teacherInvitations,
  teachers,
  teachersFavoriteProjects,
  tfxes,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound, refusal, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import type { Queryable, Transaction } from '../../db/handles';
import { rowsOf } from '../../lib/strapi/read';
import { storageKeysOf } from '../upload/upload.service';
import { enqueueStoredFilesRemoval } from './privacy.jobs';

/**
 * Deleting an account (ADR 0054, RGPD): what was the person's alone goes, what others rely on
 * stays without anything that says who they were, in one transaction; the stored bytes of the
 * files that went are removed by a job queued in it. The preview counts exactly what the deletion
 * does: both read the same facts.
 */

/** Applications keep these (the project's history); every other field was the student's. */
const STRIPPED_APPLICATION_FIELDS = {
  studentId: null,
  cvId: null,
  CV_url: null,
  video: null,
  interest: null,
  motivation: null,
  good_candidate: null,
  tutor: null,
  project_expected: null,
  availability: null,
  rtx_interest: null,
  status_message: null,
  dni: null,
} satisfies Partial<typeof applys.$inferInsert>;

interface Subject {
  userId: number;
  email: string;
  profileType: string | null;
  pictureId: number | null;
  studentId: number | null;
  teacherId: number | null;
  coordinatorId: number | null;
}

async function subjectOf(db: Queryable, userId: number): Promise<Subject | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      profileType: users.profileType,
      pictureId: users.pictureId,
      studentId: students.id,
      teacherId: teachers.id,
      coordinatorId: coordinators.id,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .leftJoin(coordinators, eq(coordinators.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const ids = (rows: { id: number | null }[]) =>
  [...new Set(rows.map((r) => r.id))].filter((id): id is number => id !== null);
const NONE = -1;

/** The files that were theirs (uploaded by them, their picture, CVs, works' PDFs). */
async function candidateFiles(db: Queryable, s: Subject): Promise<number[]> {
  const student = s.studentId ?? NONE;
  const rows = await rowsOf(
    db,
    sql`
    SELECT ${files.id} AS id FROM ${files} WHERE ${files.uploadedById} = ${s.userId}
    UNION SELECT ${s.pictureId}::int4 WHERE ${s.pictureId}::int4 IS NOT NULL
    UNION SELECT ${students.cvId} FROM ${students} WHERE ${students.id} = ${student} AND ${students.cvId} IS NOT NULL
    UNION SELECT ${applys.cvId} FROM ${applys} WHERE ${applys.studentId} = ${student} AND ${applys.cvId} IS NOT NULL
    UNION SELECT ${tfxes.fileId} FROM ${tfxes} WHERE ${tfxes.studentId} = ${student} AND ${tfxes.fileId} IS NOT NULL`,
  );
  return ids(rows);
}

/**
 * Of `candidates`, those something that stays still points at: another person's picture, CV or
 * application, a work that stays (published, or anyone else's), a resource, an organisation's
 * logo, the branding. Read before any write, so the preview and the deletion agree.
 */
async function filesOthersUse(
  db: Queryable,
  s: Subject,
  candidates: number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const student = s.studentId ?? NONE;
  const list = sql`ARRAY[${sql.join(
    candidates.map((id) => sql`${id}`),
    sql`, `,
  )}]::int4[]`;
  const rows = await rowsOf(
    db,
    sql`
    SELECT f.id FROM unnest(${list}) AS f(id) WHERE
      EXISTS (SELECT 1 FROM up_users u WHERE u.picture_id = f.id AND u.id <> ${s.userId})
      OR EXISTS (SELECT 1 FROM students st WHERE st.cv_id = f.id AND st.id <> ${student})
      OR EXISTS (SELECT 1 FROM applys a WHERE a.cv_id = f.id AND a.student_id IS DISTINCT FROM ${student})
      OR EXISTS (SELECT 1 FROM tfxes t WHERE t.file_id = f.id
                 AND NOT (t.student_id IS NOT DISTINCT FROM ${student} AND t.published_at IS NULL))
      OR EXISTS (SELECT 1 FROM resources r WHERE r.picture_id = f.id)
      OR EXISTS (SELECT 1 FROM organizations o WHERE o.logo_id = f.id)
      OR EXISTS (SELECT 1 FROM brandings b WHERE b.menu_logo_id = f.id)`,
  );
  return new Set(ids(rows));
}

const count = async (db: Queryable, query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf(db, sql`SELECT count(*)::int AS n FROM (${query}) q`);
  return Number(row?.n ?? 0);
};

/** What the deletion of `s` does, counted. */
async function measure(db: Queryable, s: Subject) {
  const student = s.studentId ?? NONE;
  const teacher = s.teacherId ?? NONE;
  const coordinator = s.coordinatorId ?? NONE;
  const candidates = await candidateFiles(db, s);
  const kept = await filesOthersUse(db, s, candidates);
  const email = s.email.toLowerCase();
  const favourites =
    (await count(
      db,
      sql`SELECT 1 FROM ${studentsFavoriteProjects} WHERE student_id = ${student}`,
    )) +
    (await count(db, sql`SELECT 1 FROM ${studentsFavoriteTfxes} WHERE student_id = ${student}`)) +
    (await count(
      db,
      sql`SELECT 1 FROM ${studentsFavoriteResources} WHERE student_id = ${student}`,
    )) +
    (await count(db, sql`SELECT 1 FROM ${teachersFavoriteProjects} WHERE teacher_id = ${teacher}`));
  return {
    candidates,
    kept,
    deleted: {
      account: 1,
      favourites,
      communications: await count(
        db,
        sql`SELECT 1 FROM ${communicationCenters} WHERE student_id = ${student}`,
      ),
      questionnaires: await count(
        db,
        sql`SELECT 1 FROM ${questionnaireAnswers} WHERE student_id = ${student} OR lower(email) = ${email}`,
      ),
      unpublishedWorks: await count(
        db,
        sql`SELECT 1 FROM ${tfxes} WHERE student_id = ${student} AND published_at IS NULL`,
      ),
      files: candidates.filter((id) => !kept.has(id)).length,
      emails: await count(db, sql`SELECT 1 FROM ${emailOutbox} WHERE lower(recipient) = ${email}`),
      consents: await count(db, sql`SELECT 1 FROM ${legalConsents} WHERE user_id = ${s.userId}`),
    },
    anonymised: {
      applications: await count(db, sql`SELECT 1 FROM ${applys} WHERE student_id = ${student}`),
      publishedWorks: await count(
        db,
        sql`SELECT 1 FROM ${tfxes} WHERE student_id = ${student} AND published_at IS NOT NULL`,
      ),
      projects: await count(
        db,
        sql`SELECT 1 FROM ${projects} WHERE teacher_id = ${teacher} OR coordinator_id = ${coordinator}`,
      ),
      tutoring: await count(db, sql`SELECT 1 FROM ${applys} WHERE tutor_asigned_id = ${teacher}`),
      announcements: await count(
        db,
        sql`SELECT 1 FROM ${announcements} WHERE author_id = ${s.userId}`,
      ),
      files: kept.size,
    },
  };
}

const DELETED_LABELS: Record<keyof Awaited<ReturnType<typeof measure>>['deleted'], string> = {
  account: 'La cuenta y los datos del perfil (nombre, correo, teléfono, DNI, CV…)',
  favourites: 'Proyectos, trabajos y recursos guardados',
  communications: 'Mensajes del centro de comunicaciones',
  questionnaires: 'Resultados del cuestionario de competencias',
  unpublishedWorks: 'Trabajos finales sin publicar en la biblioteca',
  files: 'Archivos subidos (CV, fotos, documentos)',
  emails: 'Correos enviados a la dirección de la cuenta',
  consents: 'Registro de aceptación de los textos legales',
};

const ANONYMISED_LABELS: Record<keyof Awaited<ReturnType<typeof measure>>['anonymised'], string> = {
  applications:
    'Candidaturas a proyectos: su estado sigue en el historial del proyecto, sin datos personales',
  publishedWorks: `Trabajos finales publicados: siguen en la biblioteca firmados como «${ANONYMOUS_AUTHOR}»`,
  projects: 'Proyectos publicados: se conservan sin persona responsable asignada',
  tutoring: 'Candidaturas tutorizadas: quedan sin tutor asignado',
  announcements: 'Comunicaciones enviadas a estudiantes: se conservan sin autor',
  files:
    'Archivos que usan otras partes de la plataforma (el PDF de un trabajo publicado, un logo)',
};

function items<K extends string>(counts: Record<K, number>, labels: Record<K, string>) {
  return (Object.keys(labels) as K[])
    .filter((key) => counts[key] > 0)
    .map((key): DeletionItem => ({ key, label: labels[key], count: counts[key] }));
}

/** Whose account `target` is for the actor: their own ('me'), or anyone's for an admin. */
function subjectId(actor: Actor, target: number | 'me'): number {
  if (actor.kind !== 'user') throw unauthorized();
  if (target === 'me') return actor.userId;
  if (!isAdmin(actor)) throw forbidden();
  return target;
}

/** Admins are not deleted through their own hands: another admin does it (ADR 0054). */
function refuseAdminSelf(actor: Actor, s: Subject) {
  if (actor.kind === 'user' && actor.userId === s.userId && s.profileType === 'admin') {
    throw refusal('FORBIDDEN', ACCOUNT_DELETION_MESSAGES.adminSelf);
  }
}

export async function deletionPreview(
  { db }: { db: Database },
  actor: Actor,
  target: number | 'me',
): Promise<DeletionPreview> {
  const s = await subjectOf(db, subjectId(actor, target));
  if (!s) throw notFound();
  const measured = await measure(db, s);
  return {
    deleted: items(measured.deleted, DELETED_LABELS),
    anonymised: items(measured.anonymised, ANONYMISED_LABELS),
  };
}

/**
 * Runs the deletion of one account inside `tx`; answers the storage keys the queued job removes.
 * Exported so that the admin's route and the person's own share every rule.
 */
async function deleteInside(tx: Transaction, s: Subject): Promise<string[]> {
  const student = s.studentId ?? NONE;
  const { candidates, kept } = await measure(tx, s);
  const gone = candidates.filter((id) => !kept.has(id));

  // What others rely on, first: it must not go with the rows that cascade from the account.
  await tx.update(applys).set(STRIPPED_APPLICATION_FIELDS).where(eq(applys.studentId, student));
  await tx
    .update(tfxes)
    .set({ studentId: null, author_name: ANONYMOUS_AUTHOR })
    .where(and(eq(tfxes.studentId, student), isNotNull(tfxes.publishedAt)));
  await tx
    .update(peopleImportRows)
    .set({ label: 'Cuenta eliminada' })
    .where(eq(peopleImportRows.userId, s.userId));

  // What was theirs alone. Favourites, communication entries, tokens, consents and the profile
  // records go by the foreign keys' cascade with the account row.
  await tx.delete(tfxes).where(and(eq(tfxes.studentId, student), isNull(tfxes.publishedAt)));
  const email = s.email.toLowerCase();
  await tx
    .delete(questionnaireAnswers)
    .where(
      or(
        eq(questionnaireAnswers.studentId, student),
        sql`lower(${questionnaireAnswers.email}) = ${email}`,
      ),
    );
  await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.recipient}) = ${email}`);
  await tx.delete(teacherInvitations).where(eq(teacherInvitations.email, email));
  await tx.delete(libraryVisits).where(eq(libraryVisits.visitor, `user:${s.userId}`));
  const deletedFiles =
    gone.length === 0
      ? []
      : await tx
          .delete(files)
          .where(inArray(files.id, gone))
          .returning({ storageKey: files.storageKey, formats: files.formats });
  const deleted = await tx.delete(users).where(eq(users.id, s.userId)).returning({ id: users.id });
  if (deleted.length !== 1) throw new AppError('INTERNAL', 'Internal Server Error');

  const keys = deletedFiles.flatMap((row) => storageKeysOf(row));
  await enqueueStoredFilesRemoval(tx, keys);
  return keys;
}

/**
 * `DELETE /api/users/me` (the current password confirms it, as a password change asks) and
 * `DELETE /api/users/:id` (admins, for a person who asked by other means): the same rules.
 */
export async function deleteAccount(
  app: Pick<FastifyInstance, 'entities' | 'jobs'>,
  actor: Actor,
  target: number | 'me',
  confirmation: { password?: string } = {},
): Promise<void> {
  const userId = subjectId(actor, target);
  // The engine's write transaction tells the caches every table the deletion wrote: the actor
  // plugin keeps accounts in the answer cache until `up_users` changes, and the token must be
  // refused from the next request on, not once the change feed arrives.
  await app.entities.writeTransaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id, password: users.password })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!locked) throw target === 'me' ? unauthorized() : notFound();
    const s = await subjectOf(tx, userId);
    if (!s) throw notFound();
    refuseAdminSelf(actor, s);
    if (target === 'me') {
      if (!locked.password) {
        throw refusal('VALIDATION', ACCOUNT_DELETION_MESSAGES.noPassword, {
          errors: [
            {
              path: ['password'],
              message: ACCOUNT_DELETION_MESSAGES.noPassword,
              name: 'ValidationError',
            },
          ],
        });
      }
      if (!(await verifyPassword(locked.password, confirmation.password ?? ''))) {
        throw refusal('VALIDATION', ACCOUNT_DELETION_MESSAGES.wrongPassword, {
          errors: [
            {
              path: ['password'],
              message: ACCOUNT_DELETION_MESSAGES.wrongPassword,
              name: 'ValidationError',
            },
          ],
        });
      }
    }
    await deleteInside(tx, s);
  });
  app.jobs.wake();
}
