import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DISABLED_SENDER, OutboxSender, type EmailSender } from './email.sender';
import { emailLogoRoutes } from './email-logo';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Delivers the outbox when SMTP_URL is set. Features that queue an email may call `wake()`
     * after their transaction commits; a NOTIFY and a poll find it anyway.
     */
    emailSender: EmailSender;
  }
}

/**
 * Mail (ADR 0009): the outbox sender of this process, and the logo the emails point at. Features queue emails with `queueEmail` in
 * the transaction of the change that causes them (lib/mail/outbox.ts). Without SMTP_URL nothing
 * is delivered: emails stay `pending` in the outbox, readable by admins (features/outbox).
 */
async function mail(app: FastifyInstance) {
  // The logo the emails show, drawn as a PNG mail clients display (ADR 0032).
  await emailLogoRoutes(app);
  const smtpUrl = app.config.smtpUrl;
  const sender = smtpUrl
    ? new OutboxSender({ db: app.db, smtpUrl, from: app.config.mailFrom, log: app.log })
    : DISABLED_SENDER;
  app.decorate('emailSender', sender);
  if (sender instanceof OutboxSender) {
    app.addHook('onReady', () => sender.start());
    // preClose: stop taking new work as soon as closing starts; in-flight sends are recorded
    // (server.ts closes the database only after app.close()).
    app.addHook('preClose', () => sender.stop());
    app.addHook('onClose', () => sender.stop());
  }
}

export const mailPlugin = fp(mail, { name: 'mail' });
