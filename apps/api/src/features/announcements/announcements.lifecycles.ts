import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements } from '../../db/schema';
import { hasReadableText, sanitizeRichText } from '../../lib/html/rich-text';
import { validationError } from '../../lib/errors';
import { SYSTEM } from '../../lib/strapi/actor';
import type { LifecycleEvent } from '../../lib/strapi/types';
import { audienceCondition } from './announcements.audience';
import { ANNOUNCEMENT_UID } from './announcements.content-types';
import { enqueueAnnouncementSend } from './announcements.jobs';

/**
 * What goes with writing an announcement, whatever route writes it (ADR 0045): its message is
 * cleaned to the rich-text allow-list (ADR 0035) and must keep some text; its audience must
 * compile for its author (a 400 for an unknown or protected attribute, a 403 for a relation the
 * author may not query), so a bad one is refused now, not found at the send; the author and the
 * status are the server's; and its send is queued in the same transaction, due at `sendAt`.
 */
export function registerAnnouncementLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles(ANNOUNCEMENT_UID, {
    beforeCreate: (event: LifecycleEvent) => {
      const message = sanitizeRichText(
        typeof event.data.message === 'string' ? event.data.message : '',
      );
      if (!hasReadableText(message)) {
        throw validationError('message: the message has no text', ['message']);
      }
      event.set('message', message);
      event.set('status', 'scheduled');
      if (event.actor !== SYSTEM) {
        audienceCondition(app.entities, event.actor, event.data.audience ?? {}, 'st');
        if (event.actor.kind === 'user') event.set('author', event.actor.userId);
      }
      return Promise.resolve();
    },
    afterCreate: async (event: LifecycleEvent) => {
      const [row] = await event.tx
        .select({ sendAt: announcements.sendAt })
        .from(announcements)
        .where(eq(announcements.id, event.id));
      await enqueueAnnouncementSend(event.tx, event.id, row?.sendAt ?? new Date());
      // The worker is woken by the NOTIFY too; this one looks at once after the commit.
      event.afterCommit(() => app.jobs.wake());
    },
  });
}
