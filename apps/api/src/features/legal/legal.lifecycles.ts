import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { legalTextVersions, legalTexts } from '../../db/schema';
import { validationError } from '../../lib/errors';
import { hasReadableText, sanitizeRichText } from '../../lib/html/rich-text';
import { SYSTEM } from '../../lib/strapi/actor';
import { LEGAL_TEXT_UID } from './legal.content-types';

/** The version a change makes, decided before the update and written after it. */
interface VersionState {
  version: number;
  title: string;
  content: string;
}

/**
 * Every write of a legal text (ADR 0035): the content is cleaned to the allow-list of rich text,
 * and a change of title or content makes the next version, kept in legal_text_versions in the
 * same transaction (so a consent can always show what was accepted). Saving the same text again
 * makes no version.
 */
export function registerLegalLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles<VersionState>(LEGAL_TEXT_UID, {
    async beforeUpdate(event) {
      const { tx, id, data, state } = event;
      // Locked until the commit: two admins saving at once make two versions, one after the other.
      const [current] = await tx
        .select({
          title: legalTexts.title,
          content: legalTexts.content,
          version: legalTexts.version,
        })
        .from(legalTexts)
        .where(eq(legalTexts.id, id))
        .for('update');
      if (!current) return;
      let content = current.content;
      if (typeof data.content === 'string') {
        content = sanitizeRichText(data.content);
        if (!hasReadableText(content)) {
          throw validationError('El texto legal no puede quedar vacío.', ['content']);
        }
        event.set('content', content);
      }
      const title = typeof data.title === 'string' ? data.title : current.title;
      if (title === current.title && content === current.content) return;
      state.version = current.version + 1;
      state.title = title;
      state.content = content;
      event.set('version', state.version);
    },

    async afterUpdate({ tx, id, actor, state }) {
      if (state.version === undefined || state.title === undefined) return;
      await tx.insert(legalTextVersions).values({
        legalTextId: id,
        version: state.version,
        title: state.title,
        content: state.content ?? '',
        authorId: actor !== SYSTEM && actor.kind === 'user' ? actor.userId : null,
      });
    },
  });
}
