import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { communicationRoutes } from './communication.routes';
import { DISABLED_SENDER, OutboxSender, type EmailSender } from './email.sender';
import { outboxRoutes } from './outbox.routes';
import { outboxPages } from './outbox.page';

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
 * Email (issue 3, ADRs 0009 and 0010): the outbox sender of this process, the admins' outbox and
 * the communication calls of spec §7. Without SMTP_URL nothing is delivered: emails stay
 * `pending` in the outbox, readable by admins.
 */
async function email(app: FastifyInstance) {
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
  await app.register(outboxRoutes);
  await app.register(outboxPages);
  await app.register(communicationRoutes);
}

export const emailPlugin = fp(email, { name: 'email' });
