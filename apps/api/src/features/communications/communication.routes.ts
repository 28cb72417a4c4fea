import type { FastifyInstance } from 'fastify';
import {
  confirmApplyBody,
  confirmNewCandidatesBody,
  confirmProjectBody,
  confirmSelectedBody,
  confirmStatusApplyBody,
  inviteBody,
  parseBody,
} from './communication.schemas';
import {
  CALL_ROLES,
  confirmApply,
  confirmNewCandidates,
  confirmProject,
  confirmSelected,
  confirmStatusApply,
  invite,
  requireRole,
} from './communication.service';

const OK = { ok: true } as const;

/**
 * `POST /api/communication/<call>` (spec §7 Communications, all bearer). Each answers `{ok: true}`
 * once its emails are in the outbox; who may send what to whom is ADR 0010. The role is checked
 * before the body, so a caller who may never use a call learns nothing from its validation.
 */
export async function communicationRoutes(app: FastifyInstance) {
  app.post('/api/communication/inviteTeacher', async (request) => {
    requireRole(request.actor, CALL_ROLES.inviteTeacher);
    await invite(app, request.actor, 'teacher', parseBody(inviteBody, request.body));
    return OK;
  });

  app.post('/api/communication/inviteStudent', async (request) => {
    requireRole(request.actor, CALL_ROLES.inviteStudent);
    await invite(app, request.actor, 'student', parseBody(inviteBody, request.body));
    return OK;
  });

  app.post('/api/communication/confirmApply', async (request) => {
    requireRole(request.actor, CALL_ROLES.confirmApply);
    await confirmApply(app, request.actor, parseBody(confirmApplyBody, request.body));
    return OK;
  });

  app.post('/api/communication/confirmNewCandidates', async (request) => {
    requireRole(request.actor, CALL_ROLES.confirmNewCandidates);
    await confirmNewCandidates(
      app,
      request.actor,
      parseBody(confirmNewCandidatesBody, request.body),
    );
    return OK;
  });

  app.post('/api/communication/confirmStatusApply', async (request) => {
    requireRole(request.actor, CALL_ROLES.confirmStatusApply);
    await confirmStatusApply(app, request.actor, parseBody(confirmStatusApplyBody, request.body));
    return OK;
  });

  app.post('/api/communication/confirmSelected', async (request) => {
    requireRole(request.actor, CALL_ROLES.confirmSelected);
    await confirmSelected(app, request.actor, parseBody(confirmSelectedBody, request.body));
    return OK;
  });

  app.post('/api/communication/confirmProject', async (request) => {
    requireRole(request.actor, CALL_ROLES.confirmProject);
    await confirmProject(app, request.actor, parseBody(confirmProjectBody, request.body));
    return OK;
  });
}
