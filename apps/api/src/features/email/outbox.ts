import { z } from 'zod';
import { emailOutbox } from '../../db/schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { renderEmail, type RenderContext, type TemplateData, type TemplateName } from './templates';

/** A database or a transaction: the email is written with the change that causes it. */
type Writer = Pick<Database, 'insert'>;

const recipientSchema = z
  .email()
  .max(255)
  .refine((v) => !/[\r\n]/.test(v));

/**
 * Renders an email and writes it to the outbox (issue 3 Email). Call it inside the transaction of
 * the change that causes the email: if the change rolls back, no email goes; if it commits, the
 * sender delivers it, retrying until the SMTP server takes it.
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
}
