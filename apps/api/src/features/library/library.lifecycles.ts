import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TfxReviewStatus } from '@plataforma/shared';
import {
  communicationCenters,
  degrees,
  files,
  students,
  tfxes,
  universities,
  users,
} from '../../db/schema';
import { forbidden, refusal } from '../../lib/errors';
import { loadRenderContext, queueEmail, recipientSchema } from '../../lib/mail/outbox';
import { escapeHtml, type RenderContext } from '../../lib/mail/templates';
import { isAdmin, roleOf, SYSTEM, type Actor, type Principal } from '../../lib/strapi/actor';
import type { RelationChange } from '../../lib/strapi/input';
import type { LifecycleEvent } from '../../lib/strapi/types';
import type { Transaction } from '../../db/handles';
import { permissionsFor } from '../site/site.service';
import { enqueueTextExtraction } from './library.jobs';

/**
 * The rules of a final work (`api::tfx.tfx`) whatever route writes it (ADR 0036, ADR 0037): a
 * student uploads their own work, one per student, which waits for staff review (pending, then
 * published or rejected with a reason); the author corrects it only while it is not published,
 * and a correction of a rejected work goes back to review. Each decision of an admin is told to
 * the author (communication-centre entry and email, in the decision's transaction). A new or
 * replaced PDF queues the reading of its text for the search, in the same transaction.
 */

export const TFX_UID = 'api::tfx.tfx';

/** Refusals a student can meet (the web shows them as they are). */
export const TFX_MESSAGES = {
  createOff: 'La subida de trabajos finales no está activada para tu perfil',
  noProfile: 'Completa tu perfil de estudiante para subir tu trabajo final',
  alreadyUploaded: 'Ya has subido tu trabajo final.',
  studentHasWork: 'Este estudiante ya tiene un trabajo final',
  consentRequired: 'Para enviar tu trabajo debes aceptar que se publique en la biblioteca',
  titleRequired: 'Indica el título de tu trabajo',
  summaryRequired: 'Indica el resumen de tu trabajo',
  releaseMonthRequired: 'Indica el mes y el año en que terminaste tu trabajo (MM/aaaa)',
  languageRequired: 'Indica el idioma de tu trabajo',
  notPdf: 'El documento de tu trabajo debe ser un archivo PDF',
  published: 'Tu trabajo ya está publicado: no se puede modificar',
  reasonRequired: 'Indica el motivo del rechazo',
  publishedAtFollowsReview:
    'La fecha de publicación sigue a la revisión: publica o rechaza el trabajo cambiando su estado de revisión',
} as const;

/** The study_area column holds 100 characters; a profile's area name may be longer. */
const STUDY_AREA_MAX = 100;
/** notification_subject is a varchar(255). */
const SUBJECT_MAX = 255;
/** The longest one-line value a template takes (templates.ts `line`). */
const LINE_MAX = 500;
const PARAGRAPH_MAX = 5000;

interface TfxRow {
  title: string;
  studentId: number | null;
  fileId: number | null;
  reviewStatus: TfxReviewStatus;
  publishedAt: Date | null;
}

/** What the hooks of one write remember between before and after. */
interface TfxState {
  before: TfxRow;
  /** The write sets or replaces the work's PDF: its text is read again. */
  fileChanged: boolean;
  /** The review status the write leaves (an admin's decision is told to the author). */
  reviewTo: TfxReviewStatus;
}

type TfxEvent = LifecycleEvent<TfxState>;

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The id a to-one relation holds after a write, given the id it held before. */
function relationAfter(value: unknown, current: number | null): number | null {
  const change = (value ?? {}) as RelationChange;
  if (change.set) return change.set[0] ?? null;
  if (change.connect?.length) return change.connect[0] ?? null;
  if (current !== null && change.disconnect?.includes(current)) return null;
  return current;
}

/** 'MM/yyyy' -> the first day of that month, the work's date (library facets by year). */
function firstDayOf(releaseMonth: string): string | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(releaseMonth);
  return match ? `${match[2]}-${match[1]}-01` : null;
}

/**
 * A work's review status as the site shows it: a work with publishedAt is published (the access
 * policy shows what has publishedAt), whatever a row written outside these rules says.
 */
function effectiveReview(row: Pick<TfxRow, 'reviewStatus' | 'publishedAt'>): TfxReviewStatus {
  if (row.publishedAt) return 'published';
  return row.reviewStatus === 'published' ? 'pending' : row.reviewStatus;
}

async function readTfx(tx: Transaction, id: number): Promise<TfxRow | undefined> {
  const [row] = await tx
    .select({
      title: tfxes.title,
      studentId: tfxes.studentId,
      fileId: tfxes.fileId,
      reviewStatus: tfxes.review_status,
      publishedAt: tfxes.publishedAt,
    })
    .from(tfxes)
    .where(eq(tfxes.id, id))
    .limit(1);
  return row;
}

/** 403 unless the student's role has the tfxes.create switch on (spec §2, §3 Permissions). */
async function requireCreateSwitch(tx: Transaction, actor: Actor) {
  const permissions = await permissionsFor(tx, actor);
  if (!permissions.tfxes.enabled || !permissions.tfxes.create) {
    throw refusal('FORBIDDEN', TFX_MESSAGES.createOff);
  }
}

/**
 * Locks a student's row for the rest of the transaction and tells whether they already have a
 * work (other than `exceptId`): two submits of one student are then written one after the other,
 * so the second sees the first and gets the clear refusal. The partial unique index
 * `tfxes_one_per_student_idx` stays the backstop.
 */
async function lockAndHasWork(tx: Transaction, studentId: number, exceptId?: number) {
  await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  const [work] = await tx
    .select({ id: tfxes.id })
    .from(tfxes)
    .where(
      and(
        eq(tfxes.studentId, studentId),
        exceptId === undefined ? undefined : ne(tfxes.id, exceptId),
      ),
    )
    .limit(1);
  return work !== undefined;
}

/** The student's own profile with what a work takes from it: degree, university, study area. */
async function ownProfile(tx: Transaction, userId: number) {
  const [row] = await tx
    .select({
      id: students.id,
      degreeId: students.degreeId,
      degreeName: degrees.name,
      otherDegree: students.other_degree,
      universityName: universities.name,
      otherUniversity: students.other_university,
      studyArea: students.student_area,
    })
    .from(students)
    .leftJoin(degrees, eq(degrees.id, students.degreeId))
    .leftJoin(universities, eq(universities.id, students.universityId))
    .where(eq(students.userId, userId))
    .limit(1);
  return row;
}

/**
 * 400 unless the file is a PDF. Only a file the writer may link is looked at (their own upload,
 * any for an admin): the engine answers the others as missing, after this hook.
 */
async function requirePdf(tx: Transaction, actor: Principal, fileId: number | null) {
  if (fileId === null) return;
  const uploader =
    actor === SYSTEM || isAdmin(actor)
      ? undefined
      : eq(files.uploadedById, actor.kind === 'user' ? actor.userId : -1);
  const [file] = await tx
    .select({ mime: files.mime, ext: files.ext })
    .from(files)
    .where(and(eq(files.id, fileId), uploader))
    .limit(1);
  // A missing file is the engine's 400 ("no file with id ..."), answered after this hook.
  if (file && (file.mime !== 'application/pdf' || file.ext?.toLowerCase() !== '.pdf')) {
    throw refusal('VALIDATION', TFX_MESSAGES.notPdf, { errors: [{ path: ['file'] }] });
  }
}

/** The author's own fields: required on create, never blanked afterwards. */
function checkAuthorFields(data: Readonly<Record<string, unknown>>, mode: 'create' | 'update') {
  const required: [string, string][] = [
    ['title', TFX_MESSAGES.titleRequired],
    ['summary', TFX_MESSAGES.summaryRequired],
    ['release_month', TFX_MESSAGES.releaseMonthRequired],
    ['language', TFX_MESSAGES.languageRequired],
  ];
  if (mode === 'create' || 'publish_consent' in data) {
    if (data.publish_consent !== true) throw refusal('VALIDATION', TFX_MESSAGES.consentRequired);
  }
  for (const [field, message] of required) {
    if ((mode === 'create' || field in data) && !present(data[field])) {
      throw refusal('VALIDATION', message, { errors: [{ path: [field] }] });
    }
  }
}

/** The work's date follows its release month (MM/yyyy) whenever that is written. */
function followReleaseMonth(event: TfxEvent) {
  const month = event.data.release_month;
  if (typeof month === 'string') event.set('tfxDate', firstDayOf(month));
}

/**
 * A new or replaced PDF: its text is read again in the background (afterCreate/afterUpdate queue
 * the job); a removed one leaves a work without text.
 */
async function followFile(event: TfxEvent, currentFileId: number | null) {
  if (!('file' in event.data)) return;
  const fileId = relationAfter(event.data.file, currentFileId);
  if (fileId === currentFileId) return;
  await requirePdf(event.tx, event.actor, fileId);
  event.set('text_status', fileId === null ? 'none' : 'pending');
  event.set('document_text', null);
  event.state.fileChanged = fileId !== null;
}

/**
 * Writes, with the work itself, what follows from the review status it is left in: published ⇔
 * publishedAt set (kept when it was already published); a reason only while rejected.
 */
function followReview(event: TfxEvent, to: TfxReviewStatus, before?: TfxRow) {
  event.set('review_status', to);
  event.state.reviewTo = to;
  if (to === 'published') {
    if (!before?.publishedAt && !event.data.publishedAt) {
      event.set('publishedAt', new Date().toISOString());
    }
  } else {
    event.set('publishedAt', null);
  }
  if (to !== 'rejected') event.set('rejection_reason', null);
}

/** The review status an admin's write leaves: said, implied by publishedAt, or unchanged. */
function reviewStatusOf(data: Readonly<Record<string, unknown>>, current: TfxReviewStatus) {
  const said = data.review_status as TfxReviewStatus | undefined;
  if (!('publishedAt' in data)) return said ?? current;
  const published = data.publishedAt !== null && data.publishedAt !== undefined;
  if (said !== undefined) {
    if (published !== (said === 'published')) {
      throw refusal('VALIDATION', TFX_MESSAGES.publishedAtFollowsReview);
    }
    return said;
  }
  if (published) return 'published';
  return current === 'published' ? 'pending' : current;
}

/** A rejection needs its reason, written with it. */
function requireReason(data: Readonly<Record<string, unknown>>) {
  if (!present(data.rejection_reason)) {
    throw refusal('VALIDATION', TFX_MESSAGES.reasonRequired, {
      errors: [{ path: ['rejection_reason'] }],
    });
  }
}

/** Another student named by an admin must not have a work already (one each, spec §2). */
async function checkNamedStudent(event: TfxEvent, current: number | null) {
  if (!('student' in event.data)) return;
  const studentId = relationAfter(event.data.student, current);
  if (studentId === null || studentId === current) return;
  if (await lockAndHasWork(event.tx, studentId, event.id || undefined)) {
    throw refusal('VALIDATION', TFX_MESSAGES.studentHasWork, { errors: [{ path: ['student'] }] });
  }
}

/**
 * A student's own work: theirs, a finished work of the platform, pending review, with their
 * degree, university and study area, dated by its release month; at most one.
 */
async function beforeStudentCreate(event: TfxEvent, actor: Actor & { kind: 'user' }) {
  const { tx, data } = event;
  await requireCreateSwitch(tx, actor);
  checkAuthorFields(data, 'create');
  const profile = await ownProfile(tx, actor.userId);
  if (!profile) throw refusal('VALIDATION', TFX_MESSAGES.noProfile);
  if ('student' in data && relationAfter(data.student, null) !== profile.id) throw forbidden();
  if (await lockAndHasWork(tx, profile.id)) {
    throw refusal('VALIDATION', TFX_MESSAGES.alreadyUploaded);
  }
  event.set('student', profile.id);
  event.set('status', 'finished');
  event.set('external', false);
  event.set('awarded', false);
  event.set('degreeId', profile.degreeId);
  event.set('degree_name', profile.degreeName ?? profile.otherDegree ?? null);
  event.set('institution', profile.universityName ?? profile.otherUniversity ?? null);
  event.set('study_area', profile.studyArea?.slice(0, STUDY_AREA_MAX) ?? null);
  event.set('text_status', 'none');
  followReleaseMonth(event);
  await followFile(event, null);
  followReview(event, 'pending');
}

/** The author corrects their work while it waits or was rejected; a rejected one goes back. */
async function beforeAuthorUpdate(event: TfxEvent, before: TfxRow) {
  if (effectiveReview(before) === 'published') {
    throw refusal('VALIDATION', TFX_MESSAGES.published);
  }
  checkAuthorFields(event.data, 'update');
  followReleaseMonth(event);
  await followFile(event, before.fileId);
  followReview(event, 'pending', before);
}

/** Escaped text whose line breaks survive in an entry's HTML. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');

/** A one-line value for a template (control characters would make it refuse the decision). */
const line = (value: string | null | undefined) => {
  const single = value?.replace(/\p{Cc}+/gu, ' ').trim();
  return single ? Array.from(single).slice(0, LINE_MAX).join('') : undefined;
};

/** What an admin's decision tells the author. */
async function notifyDecision(
  tx: Transaction,
  id: number,
  context: RenderContext,
): Promise<boolean> {
  const [work] = await tx
    .select({
      title: tfxes.title,
      reviewStatus: tfxes.review_status,
      reason: tfxes.rejection_reason,
      studentId: students.id,
      email: users.email,
      name: users.name,
      blocked: users.blocked,
      notification: students.notification,
    })
    .from(tfxes)
    .innerJoin(students, eq(students.id, tfxes.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(tfxes.id, id))
    .limit(1);
  if (!work || work.reviewStatus === 'pending') return false;
  const published = work.reviewStatus === 'published';
  const title = line(work.title) ?? '';
  const reason = work.reason?.trim().slice(0, PARAGRAPH_MAX) ?? '';
  const subject = published
    ? `Tu trabajo «${title}» ya está publicado`
    : `Tu trabajo «${title}» necesita cambios`;
  const html = published
    ? `<p>Hemos revisado tu trabajo final «${escapeHtml(title)}» y ya está publicado en la biblioteca.</p>`
    : `<p>Hemos revisado tu trabajo final «${escapeHtml(title)}» y todavía no podemos publicarlo.</p>` +
      `<p><strong>Motivo:</strong> ${htmlText(reason)}</p>` +
      '<p>Corrige lo que se indica y vuelve a enviarlo desde tu perfil: lo revisaremos de nuevo.</p>';
  await tx.insert(communicationCenters).values({
    studentId: work.studentId,
    notification_subject: Array.from(subject).slice(0, SUBJECT_MAX).join(''),
    notification_message: html,
  });
  // The entry always lands; the email unless the account is blocked, has an address the outbox
  // refuses, or the student turned emails off (spec §3 preferences: `email: false`).
  const notification = work.notification;
  if (work.blocked || notification?.email === false) return false;
  if (!recipientSchema.safeParse(work.email).success) return false;
  const link = `${context.publicUrl}/profile?section=tfx`;
  const name = line(work.name);
  if (published) {
    await queueEmail(tx, work.email, 'tfxPublished', { name, title, link }, context);
  } else {
    await queueEmail(tx, work.email, 'tfxRejected', { name, title, reason, link }, context);
  }
  return true;
}

/**
 * Attaches the rules of a final work to the engine (called once in app.ts, after the
 * EntityService is built). The job worker and the email sender are woken after the commit.
 */
export function registerLibraryLifecycles(app: FastifyInstance): void {
  const wakeJobs = (event: TfxEvent) => event.afterCommit(() => app.jobs.wake());

  app.entities.registry.addLifecycles<TfxState>(TFX_UID, {
    async beforeCreate(event) {
      const { actor, data } = event;
      if (actor !== SYSTEM && roleOf(actor) === 'student' && actor.kind === 'user') {
        await beforeStudentCreate(event, actor);
        return;
      }
      // An admin (or the server) adds a work as it is: published unless told otherwise, as the
      // engine publishes what it creates (an external work, a work added for a student).
      await checkNamedStudent(event, null);
      const to = reviewStatusOf(data, data.publishedAt === null ? 'pending' : 'published');
      if (to === 'rejected') requireReason(data);
      followReleaseMonth(event);
      await followFile(event, null);
      followReview(event, to);
    },

    async afterCreate(event) {
      if (!event.state.fileChanged) return;
      await enqueueTextExtraction(event.tx, event.id);
      wakeJobs(event);
    },

    async beforeUpdate(event) {
      const { tx, actor, id, data, state } = event;
      // The engine has locked the row.
      const before = await readTfx(tx, id);
      if (!before) return;
      state.before = before;
      if (actor !== SYSTEM && roleOf(actor) === 'student') {
        await beforeAuthorUpdate(event, before);
        return;
      }
      await checkNamedStudent(event, before.studentId);
      const current = effectiveReview(before);
      const to = reviewStatusOf(data, current);
      if (to === 'rejected' && (current !== 'rejected' || 'rejection_reason' in data)) {
        requireReason(data);
      }
      followReleaseMonth(event);
      await followFile(event, before.fileId);
      followReview(event, to, before);
    },

    async afterUpdate(event) {
      const { tx, actor, id, state } = event;
      if (state.fileChanged) {
        await enqueueTextExtraction(tx, id);
        wakeJobs(event);
      }
      const before = state.before;
      const to = state.reviewTo;
      // An admin's decision (published or rejected, from another state) is told to the author.
      if (actor === SYSTEM || !isAdmin(actor) || !before || !to) return;
      if (to === effectiveReview(before) || to === 'pending') return;
      if (await notifyDecision(tx, id, await loadRenderContext(tx, app.config))) {
        event.afterCommit(() => app.emailSender.wake());
      }
    },
  });
}
