import { and, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { applys, projects, students, teachers, users } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { consumeRateLimit, type Limit } from '../../lib/rate-limit';
import { SYSTEM, type Actor } from '../../lib/strapi/actor';
import { publishedByUser } from '../projects/projects.people';
import { PROJECT_UID } from '../projects/projects.lifecycles';
import { recordTeacherInvitation } from '../profiles/teacher-verification.service';
import { loadRenderContext, queueEmail } from '../../lib/mail/outbox';
import type { RenderContext } from '../../lib/mail/templates';
import {
  TEACHER_PROJECTS_PATH,
  ownProjectsPath,
  type ConfirmApplyBody,
  type ConfirmNewCandidatesBody,
  type ConfirmProjectBody,
  type ConfirmSelectedBody,
  type ConfirmStatusApplyBody,
  type CommunicationSent,
  type InviteBody,
  type ProfileType,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable, Transaction } from '../../db/handles';
import { afterCommit, type CommitLog } from '../../db/transaction';
import { answerText, claim, record, type IdempotencyScope } from '../../lib/idempotency';
import { APPLICATION_FACTS, applicationWithPeople } from '../applications/applications.facts';

/**
 * The communication calls of spec §7 (issue 3 Email, ADR 0010). None is a relay: each checks that
 * the caller may cause that email, to that recipient, about that project, against the database,
 * and renders it from the database's values, using the client's strings only where the database
 * has nothing (a phone number an admin types).
 */

/** The roles that may use some call: every profile. */
type Role = ProfileType;

const HOUR = 3_600;
const NO_INVITEES: readonly string[] = [];
/** Requests per user and hour, by role: admins load users in bulk; a student applies now and then. */
const PER_USER: Record<Role, readonly Limit[]> = {
  admin: [{ limit: 1_000, windowSeconds: HOUR }],
  teacher: [{ limit: 200, windowSeconds: HOUR }],
  coordinator: [{ limit: 200, windowSeconds: HOUR }],
  student: [{ limit: 30, windowSeconds: HOUR }],
};
/**
 * Invitations to one address per hour, whoever sends them: invitations are the only calls whose
 * recipient can be any address, so nobody can flood a mailbox with them. The other calls reach
 * people the project ties to the caller, bounded by the caller's allowance (a coordinator of a
 * popular project rightly gets many candidates an hour).
 */
const PER_INVITEE: readonly Limit[] = [{ limit: 10, windowSeconds: HOUR }];

/** Who may use each call at all (the rest of each rule is in its function). */
export const CALL_ROLES = {
  inviteTeacher: ['admin'],
  inviteStudent: ['admin', 'teacher'],
  confirmApply: ['student'],
  confirmNewCandidates: ['student'],
  confirmStatusApply: ['teacher', 'coordinator', 'admin'],
  confirmSelected: ['teacher', 'coordinator', 'admin'],
  confirmProject: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

const notAllowed = () =>
  new AppError('FORBIDDEN', 'You may not send this email to this recipient about this project');

interface Caller {
  userId: number;
  role: Role;
}

/**
 * The caller, if their role may use the call at all. Everyone else (visitors, users without a
 * profile, other roles) gets 403 before any lookup, as the engine does (ADR 0004).
 */
export function requireRole(actor: Actor, allowed: readonly Role[]): Caller {
  if (actor.kind !== 'user' || !(allowed as readonly string[]).includes(actor.role)) {
    throw forbidden();
  }
  return { userId: actor.userId, role: actor.role as Role };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const fullName = (u: { name: string | null; surname: string | null }) =>
  [u.name, u.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || undefined;
const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;
const lowerEmailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** A user's columns the calls read, whether they are found by id or by email. */
async function oneUser(db: Queryable, where: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      phone: users.phone,
      profileType: users.profileType,
      blocked: users.blocked,
    })
    .from(users)
    .where(where)
    .limit(1);
  return user;
}

async function userById(db: Queryable, id: number) {
  const user = await oneUser(db, eq(users.id, id));
  if (!user) throw forbidden();
  return user;
}

const userByEmail = (db: Queryable, email: string) => oneUser(db, lowerEmailIs(email));

/**
 * Projects the user publishes, as the one definition says (projects.people.ts), compiled by the
 * engine against the `projects` table of the query it goes into.
 */
function publishedBy({ entities }: AppContext, userId: number): SQL {
  return entities.where(PROJECT_UID, SYSTEM, getTableName(projects), {
    scope: publishedByUser(userId),
  });
}

/** Where a publisher sees their projects in the web app (spec §2 routes). */
function publisherPage(profileType: string | null, context: RenderContext): string {
  return `${context.publicUrl}${ownProjectsPath(profileType)}`;
}
const applicationsPage = (context: RenderContext) => `${context.publicUrl}/profile?section=applys`;

/** What every call answers once its emails are in the outbox. */
const SENT: CommunicationSent = { ok: true };

/** How a call runs besides its body: the request's Idempotency-Key and log (ADR 0068). */
export interface SendOptions {
  idempotency?: IdempotencyScope | undefined;
  log?: CommitLog | undefined;
}

/**
 * What each of the seven calls does around its own checks and emails: refuses a caller whose role
 * may not use `call` (403, before any lookup), counts the request against the caller's allowance
 * and, for invitations, the recipient's (shared by every process, ADR 0008), then runs the call's
 * `work` (its lookups, its checks, its emails) in one transaction, and wakes the sender. With an
 * Idempotency-Key, the key is claimed first in that transaction and the answer recorded last: the
 * same request sent again queues nothing and answers the same (ADR 0068). It still counts against
 * the allowance, which is taken before.
 */
async function send(
  app: AppContext,
  actor: Actor,
  call: keyof typeof CALL_ROLES,
  { idempotency, log }: SendOptions,
  work: (tx: Transaction, context: RenderContext, caller: Caller) => Promise<void>,
  invitees: readonly string[] = NO_INVITEES,
): Promise<CommunicationSent> {
  const caller = requireRole(actor, CALL_ROLES[call]);
  // RATE_LIMITS=off exists for load tests only.
  if (app.config.rateLimits) {
    await consumeRateLimit(app.db, [
      { key: `communication:user:${caller.userId}`, limits: PER_USER[caller.role] },
      ...invitees.map((email) => ({
        key: `communication:to:${email.trim().toLowerCase()}`,
        limits: PER_INVITEE,
      })),
    ]);
  }
  await app.db.transaction(async (tx) => {
    if (idempotency) await claim(tx, idempotency);
    const context = await loadRenderContext(tx, app.config);
    await work(tx, context, caller);
    if (idempotency) await record(tx, idempotency, answerText(SENT));
  });
  afterCommit(log, 'waking the mail sender', () => app.emailSender.wake());
  return SENT;
}

/**
 * `inviteTeacher` (admins) and `inviteStudent` (admins and teachers): an invitation to register,
 * or to sign in when the address already has an account. The answer is the same either way, so it
 * tells nothing about who is registered.
 */
export async function invite(
  app: AppContext,
  actor: Actor,
  profile: 'teacher' | 'student',
  body: InviteBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(
    app,
    actor,
    profile === 'teacher' ? 'inviteTeacher' : 'inviteStudent',
    options,
    async (tx, context, caller) => {
      const inviter = await userById(tx, caller.userId);
      const existing = await userByEmail(tx, body.email);
      // An admin's invitation vouches for the teacher who registers with this address (ADR 0051).
      // An account that exists already is not changed: its verification is decided on its own.
      if (profile === 'teacher' && !existing) {
        await recordTeacherInvitation(tx, body.email, caller.userId);
      }
      const link = existing
        ? `${context.publicUrl}/user/auth/login`
        : `${context.publicUrl}/register?profile=${profile}`;
      // A teacher's invitation carries their name; an admin's comes from the platform itself.
      const invitedBy = caller.role === 'admin' ? undefined : fullName(inviter);
      await queueEmail(
        tx,
        body.email,
        profile === 'teacher' ? 'inviteTeacher' : 'inviteStudent',
        { link, invitedBy },
        context,
      );
    },
    [body.email],
  );
}

/** The caller's (a student's) latest application to a project of that title, with its people. */
async function ownApplication(tx: Transaction, userId: number, projectName: string) {
  const [row] = await applicationWithPeople(tx, APPLICATION_FACTS)
    .where(and(eq(students.userId, userId), eq(projects.title, projectName)))
    .orderBy(desc(applys.createdAt), desc(applys.id))
    .limit(1);
  if (!row) throw notAllowed();
  return row;
}

/**
 * The calls a student makes about their own application: the caller (as a user), who must be
 * the `email` the client names, and their latest application to a project of that title.
 */
async function applicantAndApplication(
  tx: Transaction,
  caller: Caller,
  email: string,
  projectName: string,
) {
  const me = await userById(tx, caller.userId);
  if (!sameEmail(email, me.email)) throw notAllowed();
  const application = await ownApplication(tx, caller.userId, projectName);
  return { me, application };
}

/** `confirmApply`: the student who applied, to their own address. */
export async function confirmApply(
  app: AppContext,
  actor: Actor,
  body: ConfirmApplyBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(app, actor, 'confirmApply', options, async (tx, context, caller) => {
    const { me, application } = await applicantAndApplication(
      tx,
      caller,
      body.email,
      body.projectName,
    );
    await queueEmail(
      tx,
      me.email,
      'confirmApply',
      {
        name: orUndefined(me.name),
        projectName: application.projectTitle,
        organizationName: orUndefined(application.organizationName),
        link: applicationsPage(context),
      },
      context,
    );
  });
}

/** True when the user publishes the project (the same rule as `publishedBy`). */
async function isPublisher(
  app: AppContext,
  tx: Transaction,
  userId: number,
  projectId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), publishedBy(app, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * `confirmNewCandidates`: the student who applied tells a publisher of that project (a
 * coordinator of its organisation, its coordinator or its teacher). The candidate's data come from
 * the application and the student record.
 */
export async function confirmNewCandidates(
  app: AppContext,
  actor: Actor,
  body: ConfirmNewCandidatesBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(app, actor, 'confirmNewCandidates', options, async (tx, context, caller) => {
    const { me, application } = await applicantAndApplication(
      tx,
      caller,
      body.emailStudent,
      body.projectName,
    );
    const recipient = await userByEmail(tx, body.emailCoordinator);
    if (
      !recipient ||
      recipient.blocked ||
      !(await isPublisher(app, tx, recipient.id, application.projectId))
    ) {
      throw notAllowed();
    }
    await queueEmail(
      tx,
      recipient.email,
      'confirmNewCandidates',
      {
        name: fullName(recipient),
        projectName: application.projectTitle,
        studentName: fullName(me),
        emailStudent: me.email,
        degree: orUndefined(application.studentDegree),
        province: orUndefined(application.studentProvince),
        interest: orUndefined(application.interest),
        motivation: orUndefined(application.motivation),
        good_candidate: orUndefined(application.goodCandidate),
        link: publisherPage(recipient.profileType, context),
      },
      context,
    );
  });
}

/**
 * The latest application of the user with this email to a project of this title that the caller
 * may manage (admins: any; others: projects they publish).
 */
async function managedApplication(
  app: AppContext,
  tx: Transaction,
  caller: Caller,
  email: string,
  projectName: string,
) {
  const [row] = await applicationWithPeople(tx, APPLICATION_FACTS)
    .where(
      and(
        lowerEmailIs(email),
        eq(users.blocked, false),
        eq(projects.title, projectName),
        caller.role === 'admin' ? undefined : publishedBy(app, caller.userId),
      ),
    )
    .orderBy(desc(applys.updatedAt), desc(applys.id))
    .limit(1);
  if (!row) throw notAllowed();
  return row;
}

/**
 * `confirmStatusApply`: a publisher of the project (or an admin) tells an applicant the current
 * status of their application, as stored (the web calls it after changing it).
 */
export async function confirmStatusApply(
  app: AppContext,
  actor: Actor,
  body: ConfirmStatusApplyBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(app, actor, 'confirmStatusApply', options, async (tx, context, caller) => {
    const application = await managedApplication(app, tx, caller, body.email, body.projectName);
    await queueEmail(
      tx,
      application.studentEmail,
      'confirmStatusApply',
      {
        name: orUndefined(application.studentName),
        projectName: application.projectTitle,
        organization: orUndefined(application.organizationName),
        status: application.status,
        message: orUndefined(application.statusMessage),
        link: applicationsPage(context),
      },
      context,
    );
  });
}

/**
 * `confirmSelected`: a publisher (or an admin) tells a selected student and their tutor (the
 * project's teacher or the tutor assigned to the application) about each other.
 */
export async function confirmSelected(
  app: AppContext,
  actor: Actor,
  body: ConfirmSelectedBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(app, actor, 'confirmSelected', options, async (tx, context, caller) => {
    const application = await managedApplication(app, tx, caller, body.emailS, body.projectName);
    if (application.status !== 'Seleccionado') {
      throw new AppError('APPLICATION', 'The application of emailS is not Seleccionado');
    }
    const tutorIds = [application.projectTeacherId, application.tutorAsignedId].filter(
      (id): id is number => id !== null,
    );
    const [tutor] =
      tutorIds.length === 0
        ? []
        : await tx
            .select({
              email: users.email,
              name: users.name,
              surname: users.surname,
              phone: users.phone,
            })
            .from(teachers)
            .innerJoin(users, eq(users.id, teachers.userId))
            .where(
              and(
                inArray(teachers.id, tutorIds),
                lowerEmailIs(body.emailT),
                eq(users.blocked, false),
              ),
            )
            .limit(1);
    if (!tutor) throw notAllowed();
    const student = {
      name: application.studentName,
      surname: application.studentSurname,
    };
    await queueEmail(
      tx,
      application.studentEmail,
      'confirmSelected',
      {
        role: 'student',
        name: orUndefined(application.studentName),
        projectName: application.projectTitle,
        contactName: fullName(tutor),
        contactEmail: tutor.email,
        phone: tutor.phone ?? body.phone,
        link: applicationsPage(context),
      },
      context,
    );
    await queueEmail(
      tx,
      tutor.email,
      'confirmSelected',
      {
        role: 'teacher',
        name: orUndefined(tutor.name),
        projectName: application.projectTitle,
        contactName: fullName(student),
        contactEmail: application.studentEmail,
        phone: orUndefined(application.studentPhone),
        link: `${context.publicUrl}${TEACHER_PROJECTS_PATH}`,
      },
      context,
    );
  });
}

/**
 * `confirmProject`: an admin tells a project's publisher its current status (and the reason of a
 * rejection, as stored).
 */
export async function confirmProject(
  app: AppContext,
  actor: Actor,
  body: ConfirmProjectBody,
  options: SendOptions = {},
): Promise<CommunicationSent> {
  return send(app, actor, 'confirmProject', options, async (tx, context) => {
    const recipient = await userByEmail(tx, body.email);
    if (!recipient || recipient.blocked) throw notAllowed();
    const [project] = await tx
      .select({
        title: projects.title,
        status: projects.status,
        rejectionReason: projects.rejection_reason,
      })
      .from(projects)
      .where(and(eq(projects.title, body.projectName), publishedBy(app, recipient.id)))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(1);
    if (!project) throw notAllowed();
    await queueEmail(
      tx,
      recipient.email,
      'confirmProject',
      {
        name: orUndefined(recipient.name),
        projectName: project.title,
        status: project.status,
        reason: project.status === 'Rechazada' ? orUndefined(project.rejectionReason) : undefined,
        contact_phone: body.contact_phone,
        link: publisherPage(recipient.profileType, context),
      },
      context,
    );
  });
}
