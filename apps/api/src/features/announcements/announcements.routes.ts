import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  announcementRecipientsAnswerSchema,
  announcementRecipientsBodySchema,
  announcementResendAnswerSchema,
  idParamsSchema,
  strapiEntryQuerySchema,
  strapiReadQuerySchema,
} from '@plataforma/shared';
import { answeringReplays, idempotencyScope } from '../../lib/idempotency';
import { onlyRoles } from '../../lib/route-guards';
import { registryRef, routeSchema } from '../../lib/route-schema';
import { requestQuery } from '../../lib/strapi/routes';
import { SENDER_ROLES } from './announcements.audience';
import {
  cancelAnnouncement,
  countRecipients,
  createAnnouncement,
  findAnnouncement,
  listAnnouncements,
  resendFailedEmails,
} from './announcements.service';

const DELIVERY =
  'Each entry’s attributes carry its delivery, read live: `recipients` and `emailsQueued` (written by the send), `emailsPending`, `emailsSent`, `emailsFailed` (the outbox) and `entriesRead` (communication-centre entries read).';

/**
 * Announcements (ADR 0045): staff write to students; each recipient gets a communication-centre
 * entry, and an email when their preferences allow. The routes are the feature's own (the type
 * is not exposed through the generic ones) because the answers carry the live delivery counts.
 * Only admins, teachers and coordinators; anyone else 403 (visitors 401) before validation.
 */
export async function announcementsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const staff = onlyRoles(SENDER_ROLES, { visitor: 'unauthorized' });

  // Registered before `/:id` routes exist; static paths never meet them anyway.
  app.post(
    '/api/announcements/recipients',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'Count the students an audience reaches (the composer’s live count)',
          description:
            'Bearer; admins, teachers, coordinators. The audience (a Strapi filter object over students) is compiled as the send will compile it: under the caller’s reach, teachers and coordinators only ever counting the candidates of their own projects. Nothing is written.',
          access: 'bearer',
          errors: [400, 401, 403],
        },
        {
          body: announcementRecipientsBodySchema,
          response: { 200: announcementRecipientsAnswerSchema },
        },
      ),
    },
    async (request) => ({
      data: await countRecipients(app, request.actor, request.body.data.audience),
    }),
  );

  app.post(
    '/api/announcements',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'Send an announcement now or at `sendAt`',
          description: `Bearer; admins, teachers, coordinators. \`subject\`, \`message\` (rich text, cleaned), \`audience\` (a Strapi filter object over students, narrowed to the caller’s reach), \`kind\` (the preference that gates the email; default u4i_advice) and \`sendAt\` (default now). Answers 201 at once with the announcement \`scheduled\`; a job sends it when due. With an \`Idempotency-Key\`, the same request sent again answers the first announcement and sends nothing more. ${DELIVERY}`,
          access: 'bearer',
          errors: [400, 401, 403],
          idempotent: true,
        },
        {
          querystring: strapiEntryQuerySchema,
          body: registryRef('AnnouncementInput'),
          response: { 201: registryRef('AnnouncementResponse') },
        },
      ),
    },
    (request, reply) =>
      answeringReplays(reply.code(201), () =>
        createAnnouncement(app, request.actor, request.body, requestQuery(request), {
          idempotency: idempotencyScope(request, 201),
          log: request.log,
        }),
      ),
  );

  app.get(
    '/api/announcements',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'List announcements, newest first',
          description: `Bearer; admins see every one, teachers and coordinators their own. Strapi v4 query (filters, sort, pagination, populate of \`author\`). ${DELIVERY}`,
          access: 'bearer',
          errors: [400, 401, 403],
        },
        {
          querystring: strapiReadQuerySchema,
          response: { 200: registryRef('AnnouncementListResponse') },
        },
      ),
    },
    (request) => listAnnouncements(app, request.actor, requestQuery(request)),
  );

  app.get(
    '/api/announcements/:id',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'Read one announcement with its delivery',
          description: `Bearer; its author or an admin (404 otherwise). ${DELIVERY}`,
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        {
          params: idParamsSchema,
          querystring: strapiEntryQuerySchema,
          response: { 200: registryRef('AnnouncementResponse') },
        },
      ),
    },
    (request) => findAnnouncement(app, request.actor, request.params.id, requestQuery(request)),
  );

  app.post(
    '/api/announcements/:id/resend',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'Send again the announcement’s emails that failed',
          description:
            'Bearer; its author or an admin (404 otherwise). Every failed email of the announcement is due again with a fresh round of attempts; answers how many. No body.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: { 200: announcementResendAnswerSchema } },
      ),
    },
    async (request) => ({
      data: await resendFailedEmails(app, request.actor, request.params.id),
    }),
  );

  app.post(
    '/api/announcements/:id/cancel',
    {
      preValidation: staff,
      schema: routeSchema(
        {
          tag: 'announcements',
          summary: 'Cancel a scheduled announcement',
          description: `Bearer; its author or an admin (404 otherwise). Only while \`scheduled\`: the announcement becomes \`cancelled\` and is never sent; once its send has started, 409. No body. ${DELIVERY}`,
          access: 'bearer',
          errors: [400, 401, 403, 404, 409],
        },
        {
          params: idParamsSchema,
          querystring: strapiEntryQuerySchema,
          response: { 200: registryRef('AnnouncementResponse') },
        },
      ),
    },
    (request) => cancelAnnouncement(app, request.actor, request.params.id, requestQuery(request)),
  );
}
