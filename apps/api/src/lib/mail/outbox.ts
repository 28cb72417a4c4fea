import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { brandingSaas, emailOutbox } from '../../db/schema';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { renderEmail, type RenderContext, type TemplateData, type TemplateName } from './templates';

/** A database or a transaction: the email is written with the change that causes it. */
type Writer = Pick<Database, 'insert' | 'execute'>;
type Reader = Pick<Database, 'select'>;

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

/**
 * Renders an email and writes it to the outbox (issue 3 Email). Call it inside the transaction of
 * the change that causes it: if the change rolls back, no email goes; if it commits, the sender
 * delivers it, retrying until the SMTP server takes it. A bad address or bad data is a 400.
 */
export async function queueEmail<T extends TemplateName>(
  db: Writer,
  to: string,
  template: T,
  data: TemplateData<T>,
  context: RenderContext,
): Promise<void> {
  if (!recipientSchema.safeParse(to).success) {
    throw new AppError('VALIDATION', 'Invalid recipient email address');
  }
  let rendered;
  try {
    rendered = renderEmail(template, data, context);
  } catch (error) {
    if (error instanceof z.ZodError) {
      throw new AppError(
        'VALIDATION',
        `Invalid email data: ${error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
    }
    throw error;
  }
  await db.insert(emailOutbox).values({ recipient: to, template, ...rendered });
  await db.execute(sql`SELECT pg_notify(${EMAIL_QUEUED_CHANNEL}, '')`);
}

/**
 * What every email needs to know about the platform: its name (branding `projectName`, else
 * "Plataforma") and its public address (PUBLIC_URL). Features that queue emails build it here.
 */
export async function loadRenderContext(
  db: Reader,
  config: { publicUrl: string },
): Promise<RenderContext> {
  const [branding] = await db
    .select({ projectName: brandingSaas.projectName })
    .from(brandingSaas)
    .orderBy(asc(brandingSaas.id))
    .limit(1);
  // The name goes into subjects: no control characters, whatever an admin typed.
  const projectName = branding?.projectName?.replace(/\p{Cc}+/gu, ' ').trim();
  return { projectName: projectName || DEFAULT_PROJECT_NAME, publicUrl: config.publicUrl };
}
