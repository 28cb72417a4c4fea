import type { FastifyInstance } from 'fastify';
import type { LifecycleEvent } from '../../lib/strapi/types';
import { isPublished, noticeMatchingStudents } from './matching.notices';

/** Whether the project was already published before the update (then it is no news). */
interface NoticeState {
  wasPublished: boolean;
}

/**
 * Notices of a newly published project (issue 6, ADR 0026): when a project becomes «Publicada»
 * (an update from any other status, or a create already published by an admin), the opted-in
 * students it suits get an entry and an email, in the same transaction. Independent of the
 * project workflow hooks: it reads the status before and after the write itself, so the order in
 * which the features attach their hooks does not matter.
 */
export function registerMatchingLifecycles(app: FastifyInstance) {
  const notice = async (event: LifecycleEvent<NoticeState>) => {
    const { emailed } = await noticeMatchingStudents(event.tx, event.id, app.config);
    if (emailed > 0) event.afterCommit(() => app.emailSender.wake());
  };
  app.entities.registry.addLifecycles<NoticeState>('api::project.project', {
    async beforeUpdate(event) {
      event.state.wasPublished = await isPublished(event.tx, event.id);
    },
    async afterUpdate(event) {
      // Another feature's hook may set the status (the workflow): read the row, not the body.
      if (event.state.wasPublished === true) return;
      await notice(event);
    },
    async afterCreate(event) {
      await notice(event);
    },
  });
}
