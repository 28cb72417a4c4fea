import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import type { EntityService } from './lib/strapi/engine';
import type { EmailSender } from './lib/mail/email.sender';

/**
 * What a service receives as its first argument: the process's shared dependencies, nothing of
 * the HTTP request. The Fastify instance built by `buildApp` satisfies it, so a route passes
 * `app`; a test or a job may pass any object with these members. The caller (`Actor`) and the
 * parsed input follow as the next arguments: `service(ctx, actor, input)`.
 *
 * Helpers that run inside a transaction take the transaction (`tx: Executor`) instead, since what
 * they read and write must be the transaction's.
 */
export interface AppContext {
  readonly db: Database;
  readonly entities: EntityService;
  readonly config: AppConfig;
  /** Wakes the outbox sender after a commit that queued email (ADR 0009). */
  readonly emailSender: EmailSender;
}
