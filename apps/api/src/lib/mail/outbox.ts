import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { announcements, brandingSaas, emailOutbox } from '../../db/schema';
import type { Queryable } from '../../db/handles';
import { insertJsonRows } from '../../db/statements';
import { AppError } from '../errors';
import { emailLogoUrl, loadLogoSource } from './email-logo';
import { renderEmail, type RenderContext, type TemplateData, type TemplateName } from './templates';

/**
 * An outbox row's body as sent: its own, or for an announcement's email, which carries none, the
 * one rendered once and kept on the announcement (ADR 0045).
 */
export const outboxHtml = sql<string>`coalesce(${emailOutbox.html}, (SELECT ${announcements.emailHtml} FROM ${announcements} WHERE ${announcements.id} = ${emailOutbox.announcementId}), '')`;
export const outboxText = sql<string>`coalesce(${emailOutbox.text}, (SELECT ${announcements.emailText} FROM ${announcements} WHERE ${announcements.id} = ${emailOutbox.announcementId}), '')`;

/**
 * Channel on which a queued email announces itself. PostgreSQL delivers a NOTIFY only when its
 * transaction commits, so listening senders wake up exactly when the row becomes visible.
 */
export const EMAIL_QUEUED_CHANNEL = 'email_outbox_queued';

/** The platform's name when the branding has none. */
export const DEFAULT_PROJECT_NAME = 'Plataforma';

export const recipientSchema = z
  .email()
  .max(254)
  .refine((v) => !/[\r\n]/.test(v));

/** One email to queue: who gets it, its template and the template's data. */
export interface EmailToQueue<T extends TemplateName> {
  to: string;
  template: T;
  data: TemplateData<T>;
  /**
   * Not sent before this moment: a large batch spreads its emails so that one queued meanwhile
   * (a password reset) goes first (ADR 0045, ADR 0048). Now when not given.
   */
  notBefore?: Date | undefined;
}

/** The email rendered, or why it cannot be (a 400 the caller may throw or skip). */
function renderOne<T extends TemplateName>(
  { to, template, data, notBefore }: EmailToQueue<T>,
  context: RenderContext,
): typeof emailOutbox.$inferInsert | AppError {
  if (!recipientSchema.safeParse(to).success) {
    return new AppError('VALIDATION', 'Invalid recipient email address');
  }
  try {
    return {
      recipient: to,
      template,
      ...renderEmail(template, data, context),
      ...(notBefore ? { nextAttemptAt: notBefore } : {}),
    };
  } catch (error) {
    if (error instanceof z.ZodError) {
      return new AppError(
        'VALIDATION',
        `Invalid email data: ${error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
    }
    throw error;
  }
}

/**
 * Renders emails and writes them to the outbox in one statement (ADR 0009). Call it inside the
 * transaction of the change that causes them: if the change rolls back, none goes; if it commits,
 * the sender delivers them, retrying until the SMTP server takes them. A bad address or bad data
 * is a 400 for the whole change, unless `skipInvalid` leaves that email out (a notice to many
 * people, where one unusable address must not stop the others). Answers how many were queued.
 */
export async function queueEmails<T extends TemplateName>(
  db: Queryable,
  emails: readonly EmailToQueue<T>[],
  context: RenderContext,
  { skipInvalid = false }: { skipInvalid?: boolean } = {},
): Promise<number> {
  const rows = emails.flatMap((email) => {
    const rendered = renderOne(email, context);
    if (!(rendered instanceof AppError)) return [rendered];
    if (skipInvalid) return [];
    throw rendered;
  });
  if (rows.length === 0) return 0;
  // One statement per shape: the rows given a time to wait for, and the rows due now.
  const paced = rows.filter((row) => row.nextAttemptAt !== undefined);
  const due = rows.filter((row) => row.nextAttemptAt === undefined);
  for (const group of [paced, due]) await insertJsonRows(db, emailOutbox, group);
  await db.execute(sql`SELECT pg_notify(${EMAIL_QUEUED_CHANNEL}, '')`);
  return rows.length;
}

/** One email: `queueEmails` of one, whose problem is always a 400. */
export async function queueEmail<T extends TemplateName>(
  db: Queryable,
  to: string,
  template: T,
  data: TemplateData<T>,
  context: RenderContext,
): Promise<void> {
  await queueEmails(db, [{ to, template, data }], context);
}

/**
 * What every email needs to know about the platform, as the site shows it: its name (branding
 * `projectName`, else "Plataforma"), its public address (PUBLIC_URL), its main and footer colours
 * and its logo, as a PNG mail clients show (email-logo.ts, ADR 0032). Features that queue emails
 * build it here.
 */
export async function loadRenderContext(
  db: Queryable,
  config: { publicUrl: string },
): Promise<RenderContext> {
  const [branding] = await db
    .select({
      projectName: brandingSaas.projectName,
      mainColor: brandingSaas.mainColor,
      footerColor: brandingSaas.footerColor,
    })
    .from(brandingSaas)
    .orderBy(asc(brandingSaas.id))
    .limit(1);
  // The name goes into subjects: no control characters, whatever an admin typed.
  const projectName = branding?.projectName?.replace(/\p{Cc}+/gu, ' ').trim();
  return {
    projectName: projectName || DEFAULT_PROJECT_NAME,
    publicUrl: config.publicUrl,
    mainColor: branding?.mainColor ?? undefined,
    footerColor: branding?.footerColor ?? undefined,
    logoUrl: emailLogoUrl(await loadLogoSource(db), config.publicUrl),
  };
}
