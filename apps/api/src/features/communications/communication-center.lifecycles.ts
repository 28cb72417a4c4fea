import type { FastifyInstance } from 'fastify';
import { sanitizeRichText } from '../../lib/html/rich-text';
import type { LifecycleEvent } from '../../lib/strapi/types';

const COMMUNICATION_CENTER_UID = 'api::communication-center.communication-center';

/** The message as it is kept: cleaned to the one allow-list of rich text (ADR 0035). */
function cleanMessage(event: LifecycleEvent): Promise<void> {
  if (typeof event.data.notification_message === 'string') {
    event.set('notification_message', sanitizeRichText(event.data.notification_message));
  }
  return Promise.resolve();
}

/**
 * Every write of a communication-centre entry through the API (staff write them; a student only
 * marks theirs read): its message is HTML that the bell and the profile show, so only the
 * allow-list of lib/html/rich-text.ts is kept, whatever the client sent. The web cleans what it
 * renders too.
 */
export function registerCommunicationCenterLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles(COMMUNICATION_CENTER_UID, {
    beforeCreate: cleanMessage,
    beforeUpdate: cleanMessage,
  });
}
