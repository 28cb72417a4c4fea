import { and, eq } from 'drizzle-orm';
import {
  communicationCenters,
  teachers,
  users,
  type NotificationPreferences,
} from '../../db/schema';
import type { Transaction } from '../../db/handles';
import { queueEmail } from '../../lib/mail/outbox';
import { escapeHtml, type RenderContext } from '../../lib/mail/templates';
import { reviewersToNotify } from '../projects/projects.people';
import type { ApplicationFacts } from './applications.facts';

/**
 * What an application's lifecycle tells people (ADR 0025): emails through the outbox and entries
 * in the student's communication centre, both written inside the write's transaction, so a write
 * that rolls back tells nobody anything.
 */

/** Longest value of a one-line template field, and of a free-text one (templates.ts). */
const LINE_MAX = 500;
const PARAGRAPH_MAX = 5000;
/** notification_subject is a varchar(255). */
const SUBJECT_MAX = 255;

/** Which preference of the student gates the email of a status (spec §3 preferences). */
const PREFERENCE_OF_STATUS: Partial<Record<string, keyof NotificationPreferences>> = {
  Preseleccionado: 'pre_selected',
  'No seleccionado': 'not_selected',
  Seleccionado: 'selected',
};

/** Cuts a text to `max` characters (counted as varchar counts them), ending in "…". */
function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A value for a one-line template field: control characters (a title with a line break) would
 * make the template refuse it and with it the whole write, so they become spaces.
 */
function line(value: string | null | undefined): string | undefined {
  const single = value?.replace(/\p{Cc}+/gu, ' ').trim();
  return single ? cut(single, LINE_MAX) : undefined;
}

/** A value for a free-text template field (an application's motivation may be longer). */
function paragraph(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? cut(text, PARAGRAPH_MAX) : undefined;
}

const fullName = (u: { name: string | null; surname: string | null }) =>
  line(
    [u.name, u.surname]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
  );

/** Escaped text whose line breaks survive in the entry's HTML. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');

const applicationsPage = (context: RenderContext) => `${context.publicUrl}/profile?section=applys`;
const candidatesPage = (context: RenderContext, projectId: number) =>
  `${context.publicUrl}/projects/${projectId}/candidaturas`;

/**
 * Whether a status email goes to the student. Preferences are opt-out (a key not set counts as
 * yes): `email: false` silences every status email, and `pre_selected`, `not_selected`,
 * `selected` silence theirs. The receipt of their own application always goes (it answers
 * something they just did), and communication-centre entries always land.
 */
export function wantsStatusEmail(
  notification: NotificationPreferences | null,
  status: string,
): boolean {
  if (notification?.email === false) return false;
  const key = PREFERENCE_OF_STATUS[status];
  return key === undefined || notification?.[key] !== false;
}

async function addEntry(tx: Transaction, studentId: number, subject: string, html: string) {
  await tx.insert(communicationCenters).values({
    studentId,
    notification_subject: cut(subject.replace(/\p{Cc}+/gu, ' ').trim(), SUBJECT_MAX),
    notification_message: html,
  });
}

/** «title» of the organisation, escaped for an entry. */
function projectHtml(facts: ApplicationFacts): string {
  const title = `«${escapeHtml(facts.projectTitle)}»`;
  return facts.organizationName?.trim()
    ? `${title} de ${escapeHtml(facts.organizationName.trim())}`
    : title;
}

interface Person {
  email: string;
  name: string | null;
  surname: string | null;
  phone: string | null;
}

/** Who reviews the application's project (projects.people.ts). */
const reviewersOf = (tx: Transaction, facts: ApplicationFacts) =>
  reviewersToNotify(tx, {
    teacherId: facts.projectTeacherId,
    coordinatorId: facts.projectCoordinatorId,
    organizationId: facts.organizationId,
  });

/** A teacher's user (not blocked), or undefined. */
async function teacherPerson(tx: Transaction, teacherId: number): Promise<Person | undefined> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, surname: users.surname, phone: users.phone })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.id, teacherId), eq(users.blocked, false)))
    .limit(1);
  return row;
}

/**
 * A new application: the student's receipt (email and entry) and a confirmNewCandidates email
 * to each reviewer of the project (its teacher, its coordinator, its organisation's coordinators).
 */
export async function notifyApplied(
  tx: Transaction,
  facts: ApplicationFacts,
  context: RenderContext,
): Promise<void> {
  await addEntry(
    tx,
    facts.studentId,
    `Candidatura enviada a «${facts.projectTitle}»`,
    `<p>Tu candidatura al proyecto ${projectHtml(facts)} se ha enviado correctamente.</p>` +
      '<p>Te avisaremos aquí cuando cambie su estado.</p>',
  );
  if (!facts.studentBlocked) {
    await queueEmail(
      tx,
      facts.studentEmail,
      'confirmApply',
      {
        name: line(facts.studentName),
        projectName: line(facts.projectTitle) ?? '',
        organizationName: line(facts.organizationName),
        link: applicationsPage(context),
      },
      context,
    );
  }
  for (const reviewer of await reviewersOf(tx, facts)) {
    await queueEmail(
      tx,
      reviewer.email,
      'confirmNewCandidates',
      {
        name: fullName(reviewer),
        projectName: line(facts.projectTitle) ?? '',
        studentName: fullName({ name: facts.studentName, surname: facts.studentSurname }),
        emailStudent: facts.studentEmail,
        degree: line(facts.studentDegree),
        province: line(facts.studentProvince),
        interest: paragraph(facts.interest),
        motivation: paragraph(facts.motivation),
        good_candidate: paragraph(facts.goodCandidate),
        link: candidatesPage(context, facts.projectId),
      },
      context,
    );
  }
}

/** The candidate withdrew: each reviewer of the project learns it (applicationWithdrawn). */
async function notifyReviewersOfWithdrawal(
  tx: Transaction,
  facts: ApplicationFacts,
  context: RenderContext,
): Promise<void> {
  for (const reviewer of await reviewersOf(tx, facts)) {
    await queueEmail(
      tx,
      reviewer.email,
      'applicationWithdrawn',
      {
        name: fullName(reviewer),
        projectName: line(facts.projectTitle) ?? '',
        studentName: fullName({ name: facts.studentName, surname: facts.studentSurname }),
        link: candidatesPage(context, facts.projectId),
      },
      context,
    );
  }
}

/**
 * A status change: an entry and (preferences allowing) a confirmStatusApply email to the
 * student; on Seleccionado also confirmSelected to the student and to the tutor (the assigned
 * one, else the project's teacher), who learn how to reach each other.
 */
export async function notifyStatusChanged(
  tx: Transaction,
  facts: ApplicationFacts,
  context: RenderContext,
): Promise<void> {
  const selected = facts.status === 'Seleccionado';
  const tutorId = facts.tutorAsignedId ?? facts.projectTeacherId;
  const tutor = selected && tutorId !== null ? await teacherPerson(tx, tutorId) : undefined;
  const tutorName = tutor ? fullName(tutor) : undefined;

  let html = `<p>El estado de tu candidatura al proyecto ${projectHtml(facts)} ha cambiado a <strong>${escapeHtml(facts.status)}</strong>.</p>`;
  if (facts.statusMessage?.trim()) {
    html += `<p><strong>Mensaje:</strong> ${htmlText(facts.statusMessage.trim())}</p>`;
  }
  if (tutor) {
    html +=
      `<p>Ponte en contacto con tu tutor o tutora para empezar: ` +
      `${escapeHtml(tutorName ?? tutor.email)} (${escapeHtml(tutor.email)}).</p>`;
  }
  await addEntry(
    tx,
    facts.studentId,
    `Tu candidatura a «${facts.projectTitle}»: ${facts.status}`,
    html,
  );

  const toStudent = !facts.studentBlocked && wantsStatusEmail(facts.notification, facts.status);
  if (toStudent) {
    await queueEmail(
      tx,
      facts.studentEmail,
      'confirmStatusApply',
      {
        name: line(facts.studentName),
        projectName: line(facts.projectTitle) ?? '',
        organization: line(facts.organizationName),
        status: facts.status,
        message: paragraph(facts.statusMessage),
        link: applicationsPage(context),
      },
      context,
    );
  }
  if (facts.status === 'Retirada') await notifyReviewersOfWithdrawal(tx, facts, context);
  if (!selected) return;
  if (toStudent) {
    await queueEmail(
      tx,
      facts.studentEmail,
      'confirmSelected',
      {
        role: 'student',
        name: line(facts.studentName),
        projectName: line(facts.projectTitle) ?? '',
        contactName: tutorName,
        contactEmail: tutor?.email,
        phone: line(tutor?.phone),
        link: applicationsPage(context),
      },
      context,
    );
  }
  if (tutor) {
    await queueEmail(
      tx,
      tutor.email,
      'confirmSelected',
      {
        role: 'teacher',
        name: line(tutor.name),
        projectName: line(facts.projectTitle) ?? '',
        contactName: fullName({ name: facts.studentName, surname: facts.studentSurname }),
        contactEmail: facts.studentEmail,
        phone: line(facts.studentPhone),
        link: `${context.publicUrl}/teachers/dashboard`,
      },
      context,
    );
  }
}

/** An admin assigned a tutor: an entry and (unless `email: false`) an email to the student. */
export async function notifyTutorAssigned(
  tx: Transaction,
  facts: ApplicationFacts,
  context: RenderContext,
): Promise<void> {
  if (facts.tutorAsignedId === null) return;
  const tutor = await teacherPerson(tx, facts.tutorAsignedId);
  const tutorName = tutor ? fullName(tutor) : undefined;
  await addEntry(
    tx,
    facts.studentId,
    `Tienes tutor o tutora en «${facts.projectTitle}»`,
    `<p>Te hemos asignado un tutor o tutora para tu candidatura al proyecto ${projectHtml(facts)}.</p>` +
      (tutor
        ? `<p><strong>Tutor o tutora:</strong> ${escapeHtml(tutorName ?? tutor.email)} (${escapeHtml(tutor.email)})</p>`
        : ''),
  );
  if (facts.studentBlocked || facts.notification?.email === false) return;
  await queueEmail(
    tx,
    facts.studentEmail,
    'tutorAssigned',
    {
      name: line(facts.studentName),
      projectName: line(facts.projectTitle) ?? '',
      tutorName,
      tutorEmail: tutor?.email,
      link: applicationsPage(context),
    },
    context,
  );
}
