import { eq } from 'drizzle-orm';
import type { InvitationAnswer } from '@plataforma/shared';
import type { AppContext } from '../../context';
import { coordinators, organizations, users, userTokens } from '../../db/schema';
import { insertJsonRows } from '../../db/statements';
import { AppError, forbidden, refusal } from '../../lib/errors';
import { answerText, claim, record, type IdempotencyScope } from '../../lib/idempotency';
import { loadRenderContext, queueEmails, type EmailToQueue } from '../../lib/mail/outbox';
import type { RenderContext } from '../../lib/mail/templates';
import { consumeRateLimit, type Limit } from '../../lib/rate-limit';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import { INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '../auth/auth.common';
import { deleteUserTokens } from '../auth/user-tokens';
import type { Queryable } from '../../db/handles';

/**
 * Invitations to accounts an admin made (ADR 0048): the account exists without a password, and
 * the person receives a link of the password-reset flow (ADR 0008) that lasts 14 days instead of
 * one hour, in the invitation email of their profile. The web's `/reset-password?code=` page
 * sets the password and opens the session; the code is single use, as every reset code.
 */

export type InvitedProfile = 'student' | 'teacher' | 'coordinator';

export const INVITATION_TEMPLATE = {
  student: 'inviteStudent',
  teacher: 'inviteTeacher',
  coordinator: 'inviteCoordinator',
} as const satisfies Record<InvitedProfile, string>;

/** The pace of an import's invitations (as announcements', ADR 0045): 500 take 25 s. */
export const INVITATION_EMAILS_PER_SECOND = 20;

/**
 * The link of an invitation: the reset page with its code. `invitation=1` lets the page greet a
 * newcomer rather than someone who forgot their password; the page works without it.
 */
export function invitationLink(publicUrl: string, code: string): string {
  return `${publicUrl}/reset-password?code=${encodeURIComponent(code)}&invitation=1`;
}

export interface Invitee {
  userId: number;
  email: string;
  profile: InvitedProfile;
  /** A coordinator's organisation, named in their email. */
  organizationName?: string | null;
}

/** The pace of a run's invitations: when its next one may be due (moved by each one queued). */
export interface Pace {
  next: Date;
}

/**
 * Issues each invitee a reset code valid for 14 days and queues their invitation, in the
 * caller's transaction (one statement for the codes, one for the emails). Codes are stored
 * hashed, as every one-time token (user-tokens.ts). Answers when the codes expire.
 */
export async function queueInvitations(
  tx: Queryable,
  invitees: readonly Invitee[],
  context: RenderContext,
  pace?: Pace,
): Promise<Date> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  if (invitees.length === 0) return expiresAt;
  const codes = invitees.map(() => createOpaqueToken());
  await insertJsonRows(
    tx,
    userTokens,
    invitees.map((invitee, i) => ({
      userId: invitee.userId,
      purpose: 'reset' as const,
      tokenHash: hashOpaqueToken(codes[i]!),
      expiresAt,
      createdAt: now,
    })),
  );
  const emails = invitees.map(
    (invitee, i): EmailToQueue<(typeof INVITATION_TEMPLATE)[InvitedProfile]> => {
      const link = invitationLink(context.publicUrl, codes[i]!);
      // One every 1/20 s after the previous one of the run, never before now.
      let notBefore: Date | undefined;
      if (pace) {
        notBefore = new Date(Math.max(now.getTime(), pace.next.getTime()));
        pace.next = new Date(notBefore.getTime() + 1000 / INVITATION_EMAILS_PER_SECOND);
      }
      return invitee.profile === 'coordinator'
        ? {
            to: invitee.email,
            template: 'inviteCoordinator',
            data: {
              link,
              linkDays: INVITATION_TTL_DAYS,
              organizationName: invitee.organizationName ?? undefined,
            },
            notBefore,
          }
        : {
            to: invitee.email,
            template: INVITATION_TEMPLATE[invitee.profile],
            data: { link, linkDays: INVITATION_TTL_DAYS },
            notBefore,
          };
    },
  );
  await queueEmails(tx, emails, context);
  return expiresAt;
}

/** Resends to one account per hour at most this often (as invitations by email, ADR 0010). */
const RESEND_LIMITS: readonly Limit[] = [{ limit: 10, windowSeconds: 3_600 }];

const isInvited = (profile: string | null): profile is InvitedProfile =>
  profile === 'student' || profile === 'teacher' || profile === 'coordinator';

/**
 * `POST /api/users/:id/invitation` (admins): a fresh invitation to an account that has never
 * had a password. The earlier codes stop working (a reset code replaces the previous ones).
 * 404 for an unknown account; 409 when it already has a password (the person signs in or asks
 * for a reset), is blocked, or is no student, teacher or coordinator.
 */
export async function resendInvitation(
  ctx: Pick<AppContext, 'db' | 'config' | 'emailSender'>,
  actor: Actor,
  userId: number,
  { idempotency }: { idempotency?: IdempotencyScope | undefined } = {},
): Promise<InvitationAnswer> {
  if (!isAdmin(actor)) throw forbidden();
  if (ctx.config.rateLimits) {
    await consumeRateLimit(ctx.db, [{ key: `invitation:user:${userId}`, limits: RESEND_LIMITS }]);
  }
  const answer = await ctx.db.transaction(async (tx) => {
    // First: a repeat under its Idempotency-Key sends no second email (ADR 0068).
    if (idempotency) await claim(tx, idempotency);
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        password: users.password,
        blocked: users.blocked,
        profileType: users.profileType,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    if (user.password !== null) {
      throw refusal(
        'CONFLICT',
        'Esta persona ya ha elegido su contraseña: puede entrar o pedir un enlace para restablecerla.',
      );
    }
    if (user.blocked) {
      throw refusal('CONFLICT', 'La cuenta está bloqueada: desbloquéala antes de invitar.');
    }
    if (!isInvited(user.profileType)) {
      throw refusal('CONFLICT', 'Solo se invita a estudiantes, docentes y coordinadores.');
    }
    let organizationName: string | null = null;
    if (user.profileType === 'coordinator') {
      const [row] = await tx
        .select({ name: organizations.name })
        .from(coordinators)
        .innerJoin(organizations, eq(organizations.id, coordinators.organizationId))
        .where(eq(coordinators.userId, user.id))
        .limit(1);
      // The name goes into the email as one line, whatever was typed into it.
      organizationName =
        row?.name
          .replace(/\p{Cc}+/gu, ' ')
          .trim()
          .slice(0, 500) || null;
    }
    await deleteUserTokens(tx, user.id, ['reset']);
    const context = await loadRenderContext(tx, ctx.config);
    const expiresAt = await queueInvitations(
      tx,
      [{ userId: user.id, email: user.email, profile: user.profileType, organizationName }],
      context,
    );
    const sent: InvitationAnswer = {
      data: {
        userId: user.id,
        email: user.email,
        template: INVITATION_TEMPLATE[user.profileType],
        expiresAt: expiresAt.toISOString(),
      },
    };
    if (idempotency) await record(tx, idempotency, answerText(sent));
    return sent;
  });
  ctx.emailSender.wake();
  return answer;
}
