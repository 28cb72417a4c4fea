import type { FastifyInstance } from 'fastify';
import { sanitizeRichText } from '../../lib/html/rich-text';
import type { LifecycleEvent } from '../../lib/strapi/types';
import { resourceType } from './library.content-types';

/** The body as it is kept: cleaned to the one allow-list of rich text (ADR 0035, ADR 0036). */
function cleanContent(event: LifecycleEvent): Promise<void> {
  if (typeof event.data.content === 'string') {
    event.set('content', sanitizeRichText(event.data.content));
  }
  return Promise.resolve();
}

/**
 * Every write of a resource, whatever route makes it: `content` is HTML from the admins' rich
 * text editor, and only the allow-list of lib/html/rich-text.ts is kept (scripts, event handlers,
 * `javascript:` links and styles go), so no client can store what a reader's browser would run.
 * Who may write is the access table's (admins only); `link` is http(s) by the content type.
 */
export function registerResourceLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles(resourceType.uid, {
    beforeCreate: cleanContent,
    beforeUpdate: cleanContent,
  });
}
