import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  type CommunicationSent,
  communicationSentSchema,
  confirmApplyBodySchema,
  confirmNewCandidatesBodySchema,
  confirmProjectBodySchema,
  confirmSelectedBodySchema,
  confirmStatusApplyBodySchema,
  inviteBodySchema,
} from '@plataforma/shared';
import { answeringReplays, idempotencyScope } from '../../lib/idempotency';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import type { Actor } from '../../lib/strapi/actor';
import type { AppContext } from '../../context';
import {
  CALL_ROLES,
  confirmApply,
  confirmNewCandidates,
  confirmProject,
  confirmSelected,
  confirmStatusApply,
  invite,
  type SendOptions,
} from './communication.service';

type Call = keyof typeof CALL_ROLES;

/**
 * `POST /api/communication/<call>` (spec §7 Communications, all bearer). Each answers `{ok: true}`
 * once its emails are in the outbox; who may send what to whom is ADR 0010. The role is checked
 * before the body, so a caller who may never use a call learns nothing from its validation. An
 * `Idempotency-Key` makes a call sent again queue its emails once (ADR 0068).
 */
export async function communicationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  function call<B extends ZodType>(
    name: Call,
    summary: string,
    body: B,
    handle: (
      ctx: AppContext,
      actor: Actor,
      input: B['_zod']['output'],
      options: SendOptions,
    ) => Promise<CommunicationSent>,
  ) {
    const roles = CALL_ROLES[name];
    app.post(
      `/api/communication/${name}`,
      {
        preValidation: onlyRoles(roles),
        schema: routeSchema(
          {
            tag: 'communication',
            summary,
            description: `Bearer; ${roles.join(', ')}. Answers once the emails are in the outbox (ADR 0010). A role that may not use the call gets 403 before the body is read; a recipient or project outside the caller's reach, 403. With an \`Idempotency-Key\`, the same call sent again answers the same and queues nothing more.`,
            access: 'bearer',
            errors: [400, 401, 403, 429],
            idempotent: true,
          },
          { body, response: { 200: communicationSentSchema } },
        ),
      },
      (request, reply) =>
        answeringReplays(reply, () =>
          handle(app, request.actor, request.body, {
            idempotency: idempotencyScope(request, 200),
            log: request.log,
          }),
        ),
    );
  }

  call(
    'inviteTeacher',
    'Invite a teacher to register or sign in',
    inviteBodySchema,
    (ctx, actor, body, options) => invite(ctx, actor, 'teacher', body, options),
  );
  call(
    'inviteStudent',
    'Invite a student to register or sign in',
    inviteBodySchema,
    (ctx, actor, body, options) => invite(ctx, actor, 'student', body, options),
  );
  call(
    'confirmApply',
    'Confirm to a student their own application',
    confirmApplyBodySchema,
    confirmApply,
  );
  call(
    'confirmNewCandidates',
    'Tell a publisher of the project about a new candidate',
    confirmNewCandidatesBodySchema,
    confirmNewCandidates,
  );
  call(
    'confirmStatusApply',
    'Tell an applicant the stored status of their application',
    confirmStatusApplyBodySchema,
    confirmStatusApply,
  );
  call(
    'confirmSelected',
    'Introduce a selected student and their tutor to each other',
    confirmSelectedBodySchema,
    confirmSelected,
  );
  call(
    'confirmProject',
    'Tell a project’s publisher its stored status',
    confirmProjectBodySchema,
    confirmProject,
  );
}
