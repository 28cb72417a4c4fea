import { eq, sql } from 'drizzle-orm';
import {
  TEACHER_VERIFICATION_REFUSALS,
  emailDomain,
  type StrapiEntryQuery,
  type TeacherVerification,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/handles';
import { teacherInvitations, teacherSettings, teachers, users } from '../../db/schema';
import { forbidden, notFound, refusal } from '../../lib/errors';
import { loadRenderContext, queueEmail, recipientSchema } from '../../lib/mail/outbox';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import type { EntryResponse } from '../../lib/strapi/engine';

/**
 * The verification of teachers (ADR 0051). A teacher who registers themself starts `pending`
 * unless the server can vouch for them: an admin invited their address, or its domain is one the
 * university lists. Admins approve (`verified`) or reject (`rejected`) the pending ones; only a
 * verified teacher creates projects or sends them to review (projects.lifecycles.ts).
 */

const TEACHER = 'api::teacher.teacher';

/** What a new teacher record starts with, by who created it. */
export interface TeacherStart {
  verification: TeacherVerification;
  verification_decided_at: Date | null;
  verificationDecidedById: number | null;
  /** Spec §3 Teacher.invited: they came through an invitation. */
  invited: boolean;
}

/** A teacher nobody vouched for: an admin decides. */
export const PENDING_TEACHER: TeacherStart = Object.freeze({
  verification: 'pending',
  verification_decided_at: null,
  verificationDecidedById: null,
  invited: false,
});

/** A teacher an admin creates (registration by an admin, `POST /api/users`): verified by them. */
export const verifiedByAdmin = (adminId: number | null): TeacherStart => ({
  verification: 'verified',
  verification_decided_at: new Date(),
  verificationDecidedById: adminId,
  invited: false,
});

/** The email domains the university lists for its teachers (lower case). */
export async function teacherDomains(db: Queryable): Promise<string[]> {
  const [row] = await db
    .select({ domains: teacherSettings.domains })
    .from(teacherSettings)
    .limit(1);
  return row?.domains ?? [];
}

/**
 * What a teacher who registers themself with this address starts with: verified and `invited`
 * when an admin invited the address (spec §7 inviteTeacher), verified when its domain is listed,
 * pending otherwise. The address is confirmed before the account may sign in, so whoever holds
 * the mailbox is who the invitation or the domain vouches for.
 */
export async function selfRegisteredTeacherStart(
  db: Queryable,
  email: string,
): Promise<TeacherStart> {
  const address = email.trim().toLowerCase();
  const [invitation] = await db
    .select({ invitedById: teacherInvitations.invitedById })
    .from(teacherInvitations)
    .where(eq(teacherInvitations.email, address))
    .limit(1);
  if (invitation) {
    return {
      verification: 'verified',
      verification_decided_at: new Date(),
      verificationDecidedById: invitation.invitedById,
      invited: true,
    };
  }
  const domain = emailDomain(address);
  if (domain && (await teacherDomains(db)).includes(domain)) {
    return {
      verification: 'verified',
      verification_decided_at: new Date(),
      verificationDecidedById: null,
      invited: false,
    };
  }
  return PENDING_TEACHER;
}

/**
 * Remembers that an admin invited this address to register as a teacher, in the transaction
 * that queues the invitation; a second invitation only refreshes who and when.
 */
export async function recordTeacherInvitation(
  db: Queryable,
  email: string,
  invitedById: number,
): Promise<void> {
  await db
    .insert(teacherInvitations)
    .values({ email: email.trim().toLowerCase(), invitedById })
    .onConflictDoUpdate({
      target: teacherInvitations.email,
      set: { invitedById, updatedAt: new Date() },
    });
}

/**
 * 403 with the Spanish reason unless the user's teacher record is verified: called before a
 * teacher creates a project or sends one to review. A user without a teacher record is left to
 * the caller's own answer.
 */
export async function requireVerifiedTeacher(db: Queryable, userId: number): Promise<void> {
  const [teacher] = await db
    .select({ verification: teachers.verification })
    .from(teachers)
    .where(eq(teachers.userId, userId))
    .limit(1);
  if (!teacher || teacher.verification === 'verified') return;
  throw refusal('FORBIDDEN', TEACHER_VERIFICATION_REFUSALS[teacher.verification]);
}

/**
 * `POST /api/teachers/:id/verify` and `/reject` (admins): the decision on a teacher.
 *
 * - verify: pending or rejected → verified, by this admin, now; a rejected teacher's record is
 *   published again (the rejection took it off). The teacher is told by email. Verifying a
 *   verified teacher changes nothing.
 * - reject: pending → rejected, by this admin, now, and the record unpublished (off the tutor
 *   choices and the lists others see); the account stays and may still sign in. Rejecting a
 *   rejected teacher changes nothing; a verified one is a 409 (they may have projects: an admin
 *   unpublishes them instead, ADR 0050).
 *
 * Answers the teacher record as the generic route would, under the caller's query, read in the
 * decision's transaction: once committed, the decision is answered whatever happens (ADR 0068).
 */
export async function decideTeacher(
  ctx: AppContext,
  actor: Actor,
  { id, decision, query }: { id: number; decision: 'verify' | 'reject'; query: StrapiEntryQuery },
): Promise<EntryResponse> {
  // The route refuses anyone else before reading the request; this keeps the rule where it acts.
  if (!isAdmin(actor) || actor.kind !== 'user') throw forbidden();
  const adminId = actor.userId;
  const { changed, answer } = await ctx.entities.writeTransaction(async (tx) => {
    const [teacher] = await tx
      .select({
        verification: teachers.verification,
        email: users.email,
        name: users.name,
        blocked: users.blocked,
      })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(teachers.id, id))
      .for('update', { of: teachers })
      .limit(1);
    if (!teacher) throw notFound();
    const read = async () =>
      JSON.parse(
        await ctx.entities.findOneJson(
          TEACHER,
          id,
          { ...query, publicationState: 'preview' },
          actor,
          undefined,
          tx,
        ),
      ) as EntryResponse;
    const to: TeacherVerification = decision === 'verify' ? 'verified' : 'rejected';
    if (teacher.verification === to) return { changed: false, answer: await read() };
    if (decision === 'reject' && teacher.verification === 'verified') {
      throw refusal(
        'CONFLICT',
        'Este profesor ya está verificado: no se puede rechazar. Si no debe seguir en la plataforma, retíralo desde el listado.',
      );
    }
    await tx
      .update(teachers)
      .set({
        verification: to,
        verification_decided_at: new Date(),
        verificationDecidedById: adminId,
        updatedAt: new Date(),
        publishedAt:
          to === 'rejected'
            ? null
            : teacher.verification === 'rejected'
              ? sql`coalesce(${teachers.publishedAt}, now())`
              : sql`${teachers.publishedAt}`,
      })
      .where(eq(teachers.id, id));
    if (to === 'verified' && !teacher.blocked && recipientSchema.safeParse(teacher.email).success) {
      const context = await loadRenderContext(tx, ctx.config);
      const name = (teacher.name ?? '')
        .replace(/[\r\n]+/g, ' ')
        .trim()
        .slice(0, 200);
      await queueEmail(
        tx,
        teacher.email,
        'teacherVerified',
        { ...(name ? { name } : {}), link: `${context.publicUrl}/projects/create` },
        context,
      );
    }
    return { changed: true, answer: await read() };
  });
  if (changed) ctx.emailSender.wake();
  return answer;
}
