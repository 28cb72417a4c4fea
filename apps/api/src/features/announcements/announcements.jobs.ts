import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { announcements, users } from '../../db/schema';
import { enqueueJob, PermanentJobError, type JobDefinition } from '../../lib/jobs';
import { AppError } from '../../lib/errors';
import { EMAIL_QUEUED_CHANNEL, loadRenderContext } from '../../lib/mail/outbox';
import { renderEmail } from '../../lib/mail/templates';
import type { Actor } from '../../lib/strapi/actor';
import type { EntityService } from '../../lib/strapi/engine';
import { rowsOf } from '../../lib/strapi/read';
import type { Transaction } from '../../db/handles';
import { audienceCondition, SENDER_ROLES } from './announcements.audience';
import { richTextToPlain } from './announcements.text';
import { preferenceOn, sendAnnouncementWhatsApp, type WhatsAppChannel } from './whatsapp';

/**
 * Sending an announcement (ADR 0045), a job of the durable queue (ADR 0036, ADR 0037): queued in
 * the transaction that creates it, due at its `sendAt`, so the request answers at once whatever
 * the audience's size and a scheduled send waits in the queue like a retry waits for its turn.
 */

export const SEND_ANNOUNCEMENT = 'announcement.send';

/** One send job per announcement. */
export const sendAnnouncementKey = (id: number) => `${SEND_ANNOUNCEMENT}:${id}`;

/**
 * The pace of an announcement's emails: each is due this many per second after the one before,
 * so the outbox's senders work through a large send at a rate an SMTP relay accepts, and an
 * email queued meanwhile (a password reset, a candidate's notice) is due before the rest of the
 * send rather than after 100,000 others (senders take the earliest due first).
 */
export const ANNOUNCEMENT_EMAILS_PER_SECOND = 20;

/** Where the email's button leads: the student's communications in their profile. */
const CENTRE_PATH = '/profile';

/** Queues an announcement's send, due at `runAt`, in the transaction that creates it. */
export function enqueueAnnouncementSend(tx: Transaction, id: number, runAt: Date): Promise<number> {
  return enqueueJob(tx, {
    kind: SEND_ANNOUNCEMENT,
    key: sendAnnouncementKey(id),
    payload: { announcementId: id },
    runAt,
  });
}

/** The author as the actor the audience is compiled for: their role today, not when they wrote. */
function senderOf(row: { authorId: number | null; role: string | null }): Actor {
  if (row.authorId === null || !(SENDER_ROLES as readonly (string | null)[]).includes(row.role)) {
    throw new PermanentJobError('The announcement’s author no longer sends announcements');
  }
  return { kind: 'user', userId: row.authorId, role: row.role as (typeof SENDER_ROLES)[number] };
}

/** The audience's condition for its author; one they may no longer write fails the job for good. */
function compileFor(entities: EntityService, actor: Actor, audience: unknown): SQL {
  try {
    return audienceCondition(entities, actor, audience, 'st');
  } catch (error) {
    // A refusal (a role changed, a relation no longer theirs): trying again cannot help.
    if (error instanceof AppError) throw new PermanentJobError(error.message);
    throw error;
  }
}

export interface SendAnnouncementDependencies {
  entities: EntityService;
  config: { publicUrl: string };
  whatsapp: WhatsAppChannel;
}

/**
 * The job: one set-based INSERT of the centre's entries (every student the audience reaches
 * under its author's reach, those already written skipped), one set-based INSERT of the emails
 * into the outbox for those whose `email` switch and switch of the kind are on (ADR 0031: a
 * missing key is on), the same rendered email for all, and the counts, in one transaction. The
 * outbox's sender delivers them with its retries and pace (ADR 0009). Safe to run again: the
 * unique index of (announcement, student) and the outbox check skip what exists.
 */
export function sendAnnouncementJob(
  deps: SendAnnouncementDependencies,
): JobDefinition<{ announcementId: number }> {
  return {
    kind: SEND_ANNOUNCEMENT,
    payload: z.object({ announcementId: z.number().int().positive() }),
    async run({ payload, db, progress }) {
      const id = payload.announcementId;
      const [row] = await db
        .select({
          id: announcements.id,
          subject: announcements.subject,
          message: announcements.message,
          audience: announcements.audience,
          kind: announcements.kind,
          status: announcements.status,
          authorId: announcements.authorId,
          role: users.profileType,
        })
        .from(announcements)
        .leftJoin(users, eq(users.id, announcements.authorId))
        .where(eq(announcements.id, id));
      if (!row) return { skipped: 'the announcement no longer exists' };
      if (row.status === 'sent') return { skipped: 'already sent' };
      if (row.status === 'cancelled') return { skipped: 'cancelled' };
      const where = compileFor(deps.entities, senderOf(row), row.audience);
      // Conditional, as the cancel's update is: whichever of the two writes the row first wins.
      const started = await db
        .update(announcements)
        .set({ status: 'sending', updatedAt: sql`now()` })
        .where(and(eq(announcements.id, id), ne(announcements.status, 'cancelled')))
        .returning({ id: announcements.id });
      if (started.length === 0) return { skipped: 'cancelled' };
      const context = await loadRenderContext(db, deps.config);
      const email = renderEmail(
        'announcement',
        {
          subject: row.subject,
          text: richTextToPlain(row.message),
          link: new URL(CENTRE_PATH, deps.config.publicUrl).toString(),
        },
        context,
      );
      const notification = sql.raw('"s"."notification"');
      const counts = await db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO "communication_centers"
                ("notification_subject", "notification_message", "student_id", "announcement_id")
              SELECT ${row.subject}, ${row.message}, "st"."id", ${id}::int4
              FROM "students" "st" WHERE ${where}
              ON CONFLICT ("announcement_id", "student_id") DO NOTHING`,
        );
        // One email per address, to the students reached whose preferences allow it, spaced at
        // the send's pace.
        // The email is kept once, on the announcement; its outbox rows carry no body and the
        // sender reads it from here (the rows of 100,000 recipients stay some tens of bytes).
        await tx
          .update(announcements)
          .set({ emailSubject: email.subject, emailHtml: email.html, emailText: email.text })
          .where(eq(announcements.id, id));
        // What a run before queued is skipped by the unique (announcement, recipient) index: an
        // anti-join against the outbox would visit, for each row, the index entries this very
        // statement had already inserted (quadratic: minutes for 50,000 emails).
        await tx.execute(
          sql`INSERT INTO "email_outbox"
                ("recipient", "subject", "template", "announcement_id", "next_attempt_at")
              SELECT "r"."email", ${email.subject}, 'announcement', ${id}::int4,
                     now() + make_interval(secs => (row_number() OVER (ORDER BY "r"."email") - 1)
                                                   / ${ANNOUNCEMENT_EMAILS_PER_SECOND}::float8)
              FROM (SELECT DISTINCT "u"."email" AS "email"
                    FROM "communication_centers" "c"
                    JOIN "students" "s" ON "s"."id" = "c"."student_id"
                    JOIN "up_users" "u" ON "u"."id" = "s"."user_id"
                    WHERE "c"."announcement_id" = ${id}
                      AND NOT "u"."blocked"
                      AND ${preferenceOn(notification, 'email')}
                      AND ${preferenceOn(notification, row.kind)}) "r"
              ON CONFLICT ("announcement_id", "recipient") WHERE "announcement_id" IS NOT NULL
              DO NOTHING`,
        );
        const [totals] = await rowsOf(
          tx,
          sql`SELECT (SELECT count(*)::int FROM "communication_centers" WHERE "announcement_id" = ${id}) AS "recipients",
                     (SELECT count(*)::int FROM "email_outbox" WHERE "announcement_id" = ${id}) AS "emails"`,
        );
        const recipients = Number(totals?.recipients ?? 0);
        const emailsQueued = Number(totals?.emails ?? 0);
        await tx
          .update(announcements)
          .set({
            status: 'sent',
            recipients,
            emailsQueued,
            sentAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(announcements.id, id));
        if (emailsQueued > 0) await tx.execute(sql`SELECT pg_notify(${EMAIL_QUEUED_CHANNEL}, '')`);
        return { recipients, emailsQueued };
      });
      await progress(counts.recipients, counts.recipients);
      const whatsapp = await sendAnnouncementWhatsApp(db, row, deps.whatsapp);
      return { ...counts, whatsapp };
    },
    async onFailure({ payload, tx }) {
      await tx
        .update(announcements)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(inArray(announcements.id, [payload.announcementId]));
    },
  };
}
